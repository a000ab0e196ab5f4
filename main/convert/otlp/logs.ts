import type { JSONPath } from 'jsonc-parser';
import type { CaptureRecords } from '../capture/records.js';
import { arrayAt, objectAt, optionalString, type Json } from '../capture/values.js';
import { severityOfNumber } from '../../../core/signals/logs/severity.js';
import { readStructuredLine } from '../../../core/signals/logs/structured.js';
import { isoFromMillis } from '../time.js';
import { decodeAnyValue, decodeAttributes, integerValue } from './any-value.js';
import { resourceEntity } from './resource.js';
import { unixNanosToMs } from './time.js';
import { hexId } from './traces.js';

/** Reads the `resourceLogs` of one export line into logs. */
export function readResourceLogs(line: Json, file: string, capture: CaptureRecords): void {
  arrayAt(line.resourceLogs, ['resourceLogs']).forEach((rl, r) => {
    const path: JSONPath = ['resourceLogs', r];
    const resource = objectAt(rl, path);
    const { entity } = resourceEntity(resource.resource, [...path, 'resource'], file, capture);
    arrayAt(resource.scopeLogs, [...path, 'scopeLogs']).forEach((sl, s) => {
      const scopePath: JSONPath = [...path, 'scopeLogs', s];
      arrayAt(objectAt(sl, scopePath).logRecords, [...scopePath, 'logRecords']).forEach((record, i) => {
        const log = readLog(objectAt(record, [...scopePath, 'logRecords', i]), [...scopePath, 'logRecords', i], entity);
        if (log) capture.logs.push(log);
        else capture.warn(file, 'log records with neither timeUnixNano nor observedTimeUnixNano were skipped');
      });
    });
  });
}

function readLog(record: Json, path: JSONPath, entity: string): CaptureRecords['logs'][number] | null {
  const time =
    unixNanosToMs(record.timeUnixNano, [...path, 'timeUnixNano']) ??
    unixNanosToMs(record.observedTimeUnixNano, [...path, 'observedTimeUnixNano']);
  if (time === null) return null;
  const body = record.body === undefined ? null : decodeAnyValue(record.body, [...path, 'body']);
  const severityText = optionalString(record.severityText, [...path, 'severityText']);
  const number = record.severityNumber === undefined ? 0 : integerValue(record.severityNumber, [...path, 'severityNumber']);
  // SeverityNumber's band (1–4 TRACE … 21–24 FATAL) for a record without severityText.
  const stated = severityText || severityOfNumber(number);
  // A record collected from a file without a parser has neither: its string body may still be
  // a logger's JSON object, whose level and message fields say what the record does not.
  const structured = stated === undefined && typeof body === 'string' ? readStructuredLine(body) : null;
  const severity = stated ?? structured?.severity;
  const traceId = optionalString(record.traceId, [...path, 'traceId']);
  const spanId = optionalString(record.spanId, [...path, 'spanId']);
  const attrs = { ...structured?.fields, ...decodeAttributes(record.attributes, [...path, 'attributes']) };
  return {
    time: isoFromMillis(time),
    entity,
    ...(severity ? { severity } : {}),
    // A structured body is kept as its JSON text; a string body exactly as sent (markup included).
    body: structured ? structured.body : typeof body === 'string' ? body : body === null ? '' : JSON.stringify(body),
    ...(traceId ? { traceId: hexId(traceId, [...path, 'traceId'], 32) } : {}),
    ...(spanId ? { spanId: hexId(spanId, [...path, 'spanId'], 16) } : {}),
    ...(Object.keys(attrs).length > 0 ? { attrs } : {}),
  };
}

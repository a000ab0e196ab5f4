import type { JSONPath } from 'jsonc-parser';
import type { CaptureRecords } from '../capture/records.js';
import { arrayAt, FieldTypeError, objectAt, optionalString, stringAt, type Json } from '../capture/values.js';
import { isoFromMillis } from '../time.js';
import { decodeAttributes, integerValue } from './any-value.js';
import { resourceEntity } from './resource.js';
import { durationMs, unixNanosToMs } from './time.js';

/** OTLP Span.SpanKind (integer enum) → the native `kind`. */
const SPAN_KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'] as const;
/** OTLP Status.StatusCode: 0 unset, 1 ok, 2 error. */
const STATUS = ['unset', 'ok', 'error'] as const;

/** Reads the `resourceSpans` of one export line into spans. */
export function readResourceSpans(line: Json, file: string, capture: CaptureRecords): void {
  arrayAt(line.resourceSpans, ['resourceSpans']).forEach((rs, r) => {
    const path: JSONPath = ['resourceSpans', r];
    const resource = objectAt(rs, path);
    const { entity } = resourceEntity(resource.resource, [...path, 'resource'], file, capture);
    const scopes = resource.scopeSpans ?? resource.instrumentationLibrarySpans;
    arrayAt(scopes, [...path, 'scopeSpans']).forEach((ss, s) => {
      const scopePath: JSONPath = [...path, 'scopeSpans', s];
      arrayAt(objectAt(ss, scopePath).spans, [...scopePath, 'spans']).forEach((span, i) => {
        capture.spans.push(readSpan(objectAt(span, [...scopePath, 'spans', i]), [...scopePath, 'spans', i], entity));
      });
    });
  });
}

function readSpan(span: Json, path: JSONPath, entity: string): CaptureRecords['spans'][number] {
  const traceId = hexId(span.traceId, [...path, 'traceId'], 32);
  const spanId = hexId(span.spanId, [...path, 'spanId'], 16);
  const parent = optionalString(span.parentSpanId, [...path, 'parentSpanId']);
  const startText = nanosText(span.startTimeUnixNano, [...path, 'startTimeUnixNano']);
  const endText = nanosText(span.endTimeUnixNano, [...path, 'endTimeUnixNano']);
  const start = unixNanosToMs(startText, [...path, 'startTimeUnixNano']);
  if (start === null) throw new FieldTypeError([...path, 'startTimeUnixNano'], 'a start time after 1970');
  const status = span.status === undefined ? {} : objectAt(span.status, [...path, 'status']);
  const code = status.code === undefined ? 0 : integerValue(status.code, [...path, 'status', 'code']);
  const message = optionalString(status.message, [...path, 'status', 'message']);
  const kind = span.kind === undefined ? 0 : integerValue(span.kind, [...path, 'kind']);
  const attrs = decodeAttributes(span.attributes, [...path, 'attributes']);
  return {
    traceId,
    spanId,
    ...(parent ? { parentSpanId: hexId(parent, [...path, 'parentSpanId'], 16) } : {}),
    entity,
    name: span.name === undefined ? '' : stringAt(span.name, [...path, 'name']),
    start: isoFromMillis(start),
    durationMs: Math.max(0, durationMs(startText, endText)),
    status: STATUS[code] ?? 'unset',
    ...(message ? { statusMessage: message } : {}),
    ...(kind > 0 && SPAN_KINDS[kind] ? { kind: SPAN_KINDS[kind] } : {}),
    ...(Object.keys(attrs).length > 0 ? { attrs } : {}),
  };
}

/** OTLP/JSON ids are case-insensitive hex (not base64); stored lower-case. */
const HEX = /^[0-9a-fA-F]+$/;

export function hexId(value: unknown, path: JSONPath, length: number): string {
  const text = stringAt(value, path);
  if (text.length !== length || !HEX.test(text)) throw new FieldTypeError(path, `${length} hex digits`);
  return text.toLowerCase();
}

function nanosText(value: unknown, path: JSONPath): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw new FieldTypeError(path, 'unix nanoseconds as a decimal string');
}

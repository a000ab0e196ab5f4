import type { LogRecord, SpanRecord } from '../../../core/snapshot/schema.js';
import { makeEntityId } from '../../../core/model/ids.js';
import { ConvertInputError } from '../errors.js';
import { isoFromMillis } from '../time.js';
import type { PyValue } from './py-literal.js';
import { pyMapCell, readTsv, stringOf, timeCell } from './tsv.js';

/** Where a record belongs: its pod when the resource names one, else its service. */
export function entityOfResource(
  resource: Record<string, PyValue>,
  serviceName: string | null,
  defaultNamespace: string | null,
): string | null {
  const namespace = stringOf(resource['k8s.namespace.name']) ?? defaultNamespace;
  const pod = stringOf(resource['k8s.pod.name']);
  if (pod) return makeEntityId('Pod', pod, namespace);
  return serviceName ? makeEntityId('Service', serviceName, namespace) : null;
}

export async function readOtelLogs(file: string, defaultNamespace: string | null): Promise<LogRecord[]> {
  const logs: LogRecord[] = [];
  for await (const row of readTsv(file)) {
    const resource = pyMapCell(file, row, 'ResourceAttributes');
    const entity = entityOfResource(resource, stringOf(row.values.ServiceName), defaultNamespace);
    if (entity === null)
      throw new ConvertInputError(file, row.line, 'neither ResourceAttributes k8s.pod.name nor ServiceName names the source');
    const severity = stringOf(row.values.SeverityText);
    const traceId = stringOf(row.values.TraceId);
    const spanId = stringOf(row.values.SpanId);
    logs.push({
      time: isoFromMillis(timeCell(file, row, 'Timestamp')),
      entity,
      ...(severity ? { severity: severity.toUpperCase() } : {}),
      body: row.values.Body ?? '',
      ...(traceId ? { traceId } : {}),
      ...(spanId ? { spanId } : {}),
      attrs: {
        ...pyMapCell(file, row, 'LogAttributes'),
        ...(stringOf(row.values.ServiceName) ? { 'service.name': row.values.ServiceName } : {}),
      },
    });
  }
  return logs;
}

export interface TracesResult {
  spans: SpanRecord[];
  /** [caller service, callee service, namespace] from parent/child spans across services. */
  calls: [string, string, string | null][];
}

export async function readOtelTraces(file: string, defaultNamespace: string | null): Promise<TracesResult> {
  const spans: SpanRecord[] = [];
  const serviceOf = new Map<string, { service: string; namespace: string | null }>();
  const links: [string, string, string][] = [];
  for await (const row of readTsv(file)) {
    const resource = pyMapCell(file, row, 'ResourceAttributes');
    const service = stringOf(row.values.ServiceName);
    const entity = entityOfResource(resource, service, defaultNamespace);
    const traceId = stringOf(row.values.TraceId);
    const spanId = stringOf(row.values.SpanId);
    if (entity === null || traceId === null || spanId === null)
      throw new ConvertInputError(file, row.line, 'TraceId, SpanId and ServiceName (or k8s.pod.name) are required');
    const nanos = Number(row.values.Duration);
    if (!Number.isFinite(nanos) || nanos < 0)
      throw new ConvertInputError(file, row.line, `Duration "${row.values.Duration ?? ''}" is not nanoseconds`);
    const parent = stringOf(row.values.ParentSpanId);
    const message = stringOf(row.values.StatusMessage);
    const kind = stringOf(row.values.SpanKind)
      ?.replace(/^SPAN_KIND_/, '')
      .toLowerCase();
    spans.push({
      traceId,
      spanId,
      ...(parent ? { parentSpanId: parent } : {}),
      entity,
      name: row.values.SpanName ?? '',
      start: isoFromMillis(timeCell(file, row, 'Timestamp')),
      durationMs: nanos / 1e6,
      status: spanStatus(row.values.StatusCode ?? ''),
      ...(message ? { statusMessage: message } : {}),
      ...(kind ? { kind } : {}),
      attrs: pyMapCell(file, row, 'SpanAttributes'),
    });
    if (service)
      serviceOf.set(`${traceId}/${spanId}`, { service, namespace: stringOf(resource['k8s.namespace.name']) ?? defaultNamespace });
    if (parent && service) links.push([traceId, parent, service]);
  }
  const calls = new Map<string, [string, string, string | null]>();
  for (const [traceId, parent, callee] of links) {
    const caller = serviceOf.get(`${traceId}/${parent}`);
    if (caller && caller.service !== callee) calls.set(`${caller.service}\u0000${callee}`, [caller.service, callee, caller.namespace]);
  }
  return { spans, calls: [...calls.values()] };
}

/** OTel status codes as ClickHouse stores them (`Error`, `STATUS_CODE_ERROR`, `Ok`, `Unset`). */
export function spanStatus(code: string): SpanRecord['status'] {
  const c = code.replace(/^STATUS_CODE_/i, '').toLowerCase();
  return c === 'error' ? 'error' : c === 'ok' ? 'ok' : 'unset';
}

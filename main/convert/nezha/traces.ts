import type { SpanRecord } from '../../../core/snapshot/schema.js';
import { readCsv } from '../csv-stream.js';
import { ConvertInputError, type SkippedRecord } from '../errors.js';
import { isoFromMillis, nanosToMillis } from '../time.js';
import type { ReadScope } from './logs.js';
import { podId, serviceOfPod } from './names.js';

export interface TraceFileResult {
  spans: SpanRecord[];
  /** Caller service → callee service pairs seen across pods (parent span → child span). */
  calls: Set<string>;
  /** Service of the root spans → how many traces start there (the entry service). */
  roots: Map<string, number>;
  skipped: SkippedRecord[];
}

export function emptyTraceResult(): TraceFileResult {
  return { spans: [], calls: new Set(), roots: new Map(), skipped: [] };
}

export const CALL_SEPARATOR = '\u0000';

/**
 * Reads one trace file. Nezha spans have no status column: a span is `error` when an ERROR
 * log line was written inside it (`errorSpans`, keyed `traceId/spanId`), otherwise `unset`.
 */
export async function readTraceFile(
  file: string,
  errorSpans: ReadonlyMap<string, string>,
  into: TraceFileResult,
  scope: ReadScope,
): Promise<void> {
  const firstSpan = into.spans.length;
  const podOfSpan = new Map<string, string>();
  const parents: [string, string, string][] = [];
  for await (const { values, line } of readCsv(file, { onSkip: (at, reason) => into.skipped.push({ file, line: at, reason }) })) {
    const { TraceID: traceId, SpanID: spanId, ParentID: parent, PodName: pod } = values;
    if (!traceId || !spanId || !pod) throw new ConvertInputError(file, line, 'TraceID, SpanID and PodName must not be empty');
    const start = nanosToMillis(values.StartTimeUnixNano ?? '');
    const micros = Number(values.Duration);
    if (start === null)
      throw new ConvertInputError(file, line, `StartTimeUnixNano "${values.StartTimeUnixNano ?? ''}" is not epoch nanoseconds`);
    if (!Number.isFinite(micros) || micros < 0)
      throw new ConvertInputError(file, line, `Duration "${values.Duration ?? ''}" is not a number of microseconds`);
    if (scope.keep && !scope.keep(start)) continue;
    const isRoot = !parent || parent === 'root';
    const error = errorSpans.get(`${traceId}/${spanId}`);
    into.spans.push({
      traceId,
      spanId,
      ...(isRoot ? {} : { parentSpanId: parent }),
      entity: podId(pod, scope.namespace),
      name: values.OperationName ?? '',
      start: isoFromMillis(start),
      durationMs: micros / 1000,
      status: error === undefined ? 'unset' : 'error',
      ...(error === undefined ? {} : { statusMessage: error }),
    });
    podOfSpan.set(`${traceId}/${spanId}`, pod);
    if (isRoot) {
      const service = serviceOfPod(pod);
      into.roots.set(service, (into.roots.get(service) ?? 0) + 1);
    } else {
      parents.push([traceId, parent, pod]);
    }
  }
  markServingSpans(into.spans.slice(firstSpan));
  for (const [traceId, parent, pod] of parents) {
    const parentPod = podOfSpan.get(`${traceId}/${parent}`);
    if (parentPod === undefined) continue;
    const caller = serviceOfPod(parentPod);
    const callee = serviceOfPod(pod);
    if (caller !== callee) into.calls.add(`${caller}${CALL_SEPARATOR}${callee}`);
  }
}

/**
 * An ERROR logged deep inside a pod's handling of a request fails that request: the span the
 * pod served the call with (its topmost span in the trace) takes the error too, so callers'
 * edges show the failure as an instrumented service would report it.
 */
function markServingSpans(spans: SpanRecord[]): void {
  const byKey = new Map(spans.map((s) => [`${s.traceId}/${s.spanId}`, s]));
  for (const span of spans) {
    if (span.status !== 'error') continue;
    let top = span;
    for (let hops = 0; hops < 64; hops++) {
      const parent = top.parentSpanId === undefined ? undefined : byKey.get(`${top.traceId}/${top.parentSpanId}`);
      if (!parent || parent.entity !== span.entity) break;
      top = parent;
    }
    if (top !== span && top.status !== 'error') {
      top.status = 'error';
      top.statusMessage = `an ERROR was logged while serving this request (span ${span.spanId})`;
    }
  }
}

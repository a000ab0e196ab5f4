import type { LogRecord, SpanRecord } from '../../core/snapshot/schema.js';
import type { FaultPlan, SpanFault } from './plan.js';
import { servingPods } from './plan-base.js';
import type { Rng } from './prng.js';
import type { MinuteStats } from './stats.js';
import type { ServiceModel, SystemModel } from './system.js';
import { iso } from './timeline.js';

/** A trace stops growing here, so one request never floods a minute of a huge system. */
export const MAX_SPANS_PER_TRACE = 300;
const BASELINE_ERROR_STATUS = 'connection reset by peer';
const RESTART_STATUS = 'upstream connect error or disconnect/reset before headers. reset reason: connection failure';
/** What a caller records when a call to an untraced dependency fails: no name, only the status. */
const UNTRACED_FAILURE = 'upstream request failed: 500 Internal Server Error';

export interface RecordSink {
  write(record: object): void;
}

export interface TraceContext {
  rng: Rng;
  system: SystemModel;
  plan: FaultPlan;
  onset: number;
  /** Queue factor of every pod for the current minute. */
  queue: Float64Array;
  /** True while a pod's container restarts (after an OOM kill). */
  isRestarting: (pod: number, t: number) => boolean;
  stats: MinuteStats;
  spans: RecordSink;
  logs: RecordSink;
}

interface Outcome {
  durationMs: number;
  code: number;
  /** How late the reply leaves the callee's pod (its network delay), after its span ended. */
  replyDelayMs: number;
}

interface TraceState {
  traceId: string;
  spans: SpanRecord[];
  logs: LogRecord[];
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** One user request entering at `entry`: server spans down the call DAG, access logs, stats. */
export function simulateRequest(ctx: TraceContext, entry: number, start: number): void {
  const trace: TraceState = { traceId: ctx.rng.hex(32), spans: [], logs: [] };
  visit(ctx, trace, entry, undefined, start);
  flush(ctx, trace);
}

/** One call made by a background job of `pod` (no inbound request): the surge's source. */
export function simulateJobCall(ctx: TraceContext, pod: number, target: number, start: number, job: string): void {
  const trace: TraceState = { traceId: ctx.rng.hex(32), spans: [], logs: [] };
  const podModel = ctx.system.pods[pod];
  if (!podModel) throw new RangeError(`pod ${pod} missing`);
  const spanId = ctx.rng.hex(16);
  trace.spans.push({
    traceId: trace.traceId,
    spanId,
    entity: podModel.id,
    name: `job ${job}`,
    start: iso(start),
    durationMs: 0,
    status: 'ok',
    kind: 'internal',
  });
  const child = visit(ctx, trace, target, spanId, start + 1);
  const root = trace.spans[0];
  if (root) {
    root.durationMs = round1(child.durationMs + 2);
    if (child.code >= 500)
      Object.assign(root, { status: 'error', statusMessage: `call to ${ctx.system.services[target]?.name ?? 'callee'} failed` });
  }
  flush(ctx, trace);
}

function flush(ctx: TraceContext, trace: TraceState): void {
  for (const span of trace.spans) ctx.spans.write(span);
  for (const log of trace.logs) ctx.logs.write(log);
}

function activeFault(ctx: TraceContext, pod: number, t: number): SpanFault | null {
  const spans = ctx.plan.spans;
  return spans && t >= ctx.onset && spans.pods.has(pod) ? spans : null;
}

function visit(ctx: TraceContext, trace: TraceState, serviceIndex: number, parentSpanId: string | undefined, start: number): Outcome {
  const { rng, system } = ctx;
  const s = system.services[serviceIndex] as ServiceModel;
  // Pods an autoscaler removed have left the endpoints: requests go to those left.
  const pods = servingPods(ctx.plan, s, ctx.onset, start);
  const pod = pods.length === 1 ? (pods[0] as number) : (pods[rng.int(0, pods.length - 1)] as number);
  const podId = system.pods[pod]?.id ?? '';
  const spanId = rng.hex(16);
  const operation = rng.chance(0.8) ? s.operations[0] : s.operations[1];
  const span: SpanRecord = {
    traceId: trace.traceId,
    spanId,
    ...(parentSpanId === undefined ? {} : { parentSpanId }),
    entity: podId,
    name: operation,
    start: iso(start),
    durationMs: 0,
    status: 'ok',
    kind: 'server',
  };
  // The parent goes first in the file, as collectors usually see it; its duration is filled in below.
  // An untraced service's span is simulated but never captured.
  const isTraced = !ctx.plan.untraced.includes(serviceIndex);
  if (isTraced) trace.spans.push(span);

  if (ctx.isRestarting(pod, start)) {
    // The container is down; the pod's sidecar proxy answers for it at once.
    span.durationMs = round1(rng.uniform(0.5, 3));
    span.status = 'error';
    span.statusMessage = RESTART_STATUS;
    ctx.stats.add(pod, serviceIndex, span.durationMs, true);
    return { durationMs: span.durationMs, code: 503, replyDelayMs: 0 };
  }
  const fault = activeFault(ctx, pod, start);
  const self = rng.logNormal(s.selfMs, 0.35) * (ctx.queue[pod] ?? 1);
  const failsItself = fault !== null && rng.chance(fault.errorProbability);
  let cursor = start + self * 0.4;
  let code = 200;
  let status: string | undefined;
  /** The caller's own ERROR line when an untraced dependency fails it (its code logs the failure, naming no one). */
  let upstreamLog: string | null = null;
  // A request that fails in this service aborts before calling its dependencies.
  if (!failsItself) {
    for (const edge of s.callees) {
      if (trace.spans.length >= MAX_SPANS_PER_TRACE) break;
      if (!rng.chance(edge.probability)) continue;
      for (let call = callsOver(ctx, serviceIndex, edge.to, start); call > 0; call--) {
        if (trace.spans.length >= MAX_SPANS_PER_TRACE) break;
        // Each call has its client span in this pod, the callee's server span its only child,
        // as instrumented clients record it (both real systems do): the gap between the two is
        // the wire. A delay on this pod holds its request; one on the callee's pod, the reply.
        const client: SpanRecord = {
          traceId: trace.traceId,
          spanId: rng.hex(16),
          parentSpanId: spanId,
          entity: podId,
          name: `call ${system.services[edge.to]?.name ?? 'callee'}`,
          start: iso(cursor),
          durationMs: 0,
          status: 'ok',
          kind: 'client',
        };
        if (isTraced) trace.spans.push(client);
        const requestDelay = fault ? fault.perCallDelayMs * rng.uniform(0.9, 1.1) : 0;
        const net = rng.uniform(0.3, 1.2);
        const child = visit(ctx, trace, edge.to, isTraced ? client.spanId : spanId, cursor + net + requestDelay);
        const callMs = child.durationMs + 2 * net + requestDelay + child.replyDelayMs;
        client.durationMs = round1(callMs);
        if (child.code >= 500) Object.assign(client, { status: 'error', statusMessage: `${client.name} returned ${child.code}` });
        cursor += callMs;
        if (child.code >= 500 && code < 500 && rng.chance(0.85)) {
          code = 502;
          status = ctx.plan.untraced.includes(edge.to)
            ? UNTRACED_FAILURE
            : `downstream ${system.services[edge.to]?.name ?? 'callee'} returned ${child.code}`;
          if (ctx.plan.untraced.includes(edge.to)) upstreamLog = UNTRACED_FAILURE;
        }
      }
    }
  }
  cursor += self * 0.6 + (fault ? fault.extraMs * rng.uniform(0.85, 1.15) : 0);
  let errorLog: string | null = null;
  if (failsItself && fault) {
    code = 500;
    status = fault.errorStatus;
    errorLog = fault.errorLog;
  } else if (code < 500 && rng.chance(s.baseErrorRate)) {
    code = 503;
    status = BASELINE_ERROR_STATUS;
  }
  const durationMs = round1(Math.max(0.2, cursor - start));
  span.durationMs = durationMs;
  if (code >= 500) {
    span.status = 'error';
    span.statusMessage = status ?? 'error';
  }
  ctx.stats.add(pod, serviceIndex, durationMs, code >= 500);
  const end = iso(start + durationMs);
  // Without tracing, logs carry no trace context.
  const context = isTraced ? { traceId: trace.traceId, spanId } : {};
  if (errorLog) trace.logs.push({ time: end, entity: podId, severity: 'ERROR', body: errorLog, ...context });
  else if (upstreamLog !== null && code >= 500)
    trace.logs.push({ time: end, entity: podId, severity: 'ERROR', body: upstreamLog, ...context });
  trace.logs.push({
    time: end,
    entity: podId,
    severity: code >= 500 ? 'WARN' : 'INFO',
    body: accessLog(s, operation, code, durationMs, rng),
    ...context,
  });
  return { durationMs, code, replyDelayMs: fault ? fault.perCallDelayMs * rng.uniform(0.9, 1.1) : 0 };
}

/** Calls one request makes over an edge: one, or several once a flag multiplies them. */
function callsOver(ctx: TraceContext, from: number, to: number, t: number): number {
  const surge = ctx.plan.surge;
  if (!surge || surge.callsPerRequest === null || surge.from !== from || surge.to !== to || t < ctx.onset) return 1;
  const whole = Math.floor(surge.callsPerRequest);
  return whole + (ctx.rng.chance(surge.callsPerRequest - whole) ? 1 : 0);
}

function accessLog(s: ServiceModel, operation: string, code: number, durationMs: number, rng: Rng): string {
  const [method, path] = operation.split(' ');
  if (s.logStyle === 0) return `"${method} ${path} HTTP/1.1" ${code} ${rng.int(200, 4000)} ${Math.round(durationMs)}ms`;
  return `request completed method=${method} path=${path} status=${code} duration_ms=${Math.round(durationMs)}`;
}

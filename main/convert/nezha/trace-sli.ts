import type { AlertRecord, SpanRecord } from '../../../core/snapshot/schema.js';
import type { EntityId } from '../../../core/model/ids.js';
import { isoFromMillis } from '../time.js';

export interface TraceSli {
  traces: number;
  errorRatio: number;
  p95Ms: number;
}

/** Latency of the entry service's root spans and the share of traces with an error span. */
export function traceSli(spans: readonly SpanRecord[], isEntryRoot: (span: SpanRecord) => boolean): TraceSli | null {
  const erroneous = new Set(spans.filter((s) => s.status === 'error').map((s) => s.traceId));
  const roots = spans.filter(isEntryRoot);
  if (roots.length === 0) return null;
  const durations = roots.map((s) => s.durationMs).sort((a, b) => a - b);
  const p95Ms = durations[Math.min(durations.length - 1, Math.floor(0.95 * durations.length))] ?? 0;
  const errorRatio = roots.filter((s) => erroneous.has(s.traceId)).length / roots.length;
  return { traces: roots.length, errorRatio, p95Ms };
}

/** The error ratio must rise by 3 binomial standard errors and 2 points; p95 by half. */
const ERROR_SIGMAS = 3;
const ERROR_MIN_RISE = 0.02;
const LATENCY_FACTOR = 1.5;

/**
 * Alerts an APM monitor would raise from the traces of the entry service: error ratio and
 * p95 latency of the window against the baseline period.
 */
export function synthesiseTraceAlerts(
  window: TraceSli | null,
  baseline: TraceSli | null,
  entity: EntityId,
  startsAt: number,
): AlertRecord[] {
  if (window === null || baseline === null) return [];
  const alerts: AlertRecord[] = [];
  const p = baseline.errorRatio;
  const limit = p + Math.max(ERROR_SIGMAS * Math.sqrt(Math.max(p * (1 - p), 1e-4) / window.traces), ERROR_MIN_RISE);
  const labels = { source: 'traces', synthesised: 'true' };
  if (window.errorRatio > limit) {
    alerts.push({
      name: 'EntryTraceErrorRatioHigh',
      entity,
      severity: window.errorRatio > 2 * limit ? 'critical' : 'warning',
      startsAt: isoFromMillis(startsAt),
      summary: `${pct(window.errorRatio)} of entry traces contain an error, baseline ${pct(p)} (threshold ${pct(limit)})`,
      labels: { ...labels, signal: 'trace_error_ratio' },
    });
  }
  if (window.p95Ms > LATENCY_FACTOR * baseline.p95Ms) {
    alerts.push({
      name: 'EntryTraceLatencyP95High',
      entity,
      severity: window.p95Ms > 2 * LATENCY_FACTOR * baseline.p95Ms ? 'critical' : 'warning',
      startsAt: isoFromMillis(startsAt),
      summary: `p95 latency of entry traces ${Math.round(window.p95Ms)} ms, baseline ${Math.round(baseline.p95Ms)} ms (threshold ${Math.round(LATENCY_FACTOR * baseline.p95Ms)} ms)`,
      labels: { ...labels, signal: 'trace_p95_ms' },
    });
  }
  return alerts;
}

function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}

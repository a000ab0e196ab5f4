import type { AlertRecord } from '../../../core/snapshot/schema.js';
import type { EntityId } from '../../../core/model/ids.js';
import { isoFromMillis } from '../time.js';
import type { MetricRow } from './metrics.js';

export interface SliRule {
  /** Column name without its unit, as in front_service.csv. */
  signal: string;
  alert: string;
  direction: 'up' | 'down';
  what: string;
  /** Smallest deviation from the baseline median that counts, whatever the spread. */
  minMargin: (median: number) => number;
}

/** The golden signals a monitoring system would page on for the entry service. */
export const SLI_RULES: readonly SliRule[] = [
  { signal: 'SuccessRate', alert: 'EntrySuccessRateLow', direction: 'down', what: 'success rate', minMargin: () => 5 },
  { signal: 'LatencyP95', alert: 'EntryLatencyP95High', direction: 'up', what: 'p95 latency', minMargin: (m) => 0.5 * m },
  { signal: 'LatencyP99', alert: 'EntryLatencyP99High', direction: 'up', what: 'p99 latency', minMargin: (m) => 0.5 * m },
];

/** A breach must clear 3 robust sigmas and the rule's minimum margin (percentage points or 50 % of the median). */
const SIGMAS = 3;

export interface Threshold {
  median: number;
  sigma: number;
  limit: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Median ± max(3·1.4826·MAD, minMargin(median)); null with fewer than two baseline points. */
export function robustThreshold(
  baseline: readonly number[],
  direction: 'up' | 'down',
  minMargin: (median: number) => number,
): Threshold | null {
  if (baseline.length < 2) return null;
  const m = median(baseline);
  const sigma = 1.4826 * median(baseline.map((v) => Math.abs(v - m)));
  const margin = Math.max(SIGMAS * sigma, minMargin(m));
  return { median: m, sigma, limit: direction === 'up' ? m + margin : m - margin };
}

export interface SliInput {
  rows: readonly MetricRow[];
  isBaseline: (time: number) => boolean;
  isWindow: (time: number) => boolean;
  entity: EntityId;
}

/**
 * Synthesises the alerts a monitoring system would have raised from the entry SLI: one per
 * signal whose window value crosses the robust baseline threshold. A series that is flat zero
 * in the baseline is treated as not reported (Nezha's SuccessRate column is always 0).
 */
export function synthesiseSliAlerts(input: SliInput): AlertRecord[] {
  const alerts: AlertRecord[] = [];
  for (const rule of SLI_RULES) {
    const series = (keep: (t: number) => boolean): { time: number; value: number }[] =>
      input.rows
        .filter((r) => keep(r.time))
        .flatMap((r) => r.samples.filter((s) => s.name === rule.signal).map((s) => ({ time: r.time, value: s.value })));
    const baseline = series(input.isBaseline).map((p) => p.value);
    if (baseline.every((v) => v === 0)) continue;
    const threshold = robustThreshold(baseline, rule.direction, rule.minMargin);
    if (threshold === null) continue;
    const breaches = series(input.isWindow).filter((p) =>
      rule.direction === 'up' ? p.value > threshold.limit : p.value < threshold.limit,
    );
    const first = breaches[0];
    if (first === undefined) continue;
    const worst = breaches.reduce((a, b) => (rule.direction === 'up' ? (b.value > a.value ? b : a) : b.value < a.value ? b : a));
    const severe = Math.abs(worst.value - threshold.median) > 2 * Math.abs(threshold.limit - threshold.median);
    alerts.push({
      name: rule.alert,
      entity: input.entity,
      severity: severe ? 'critical' : 'warning',
      startsAt: isoFromMillis(first.time),
      summary:
        `Entry service ${rule.what} ${fmt(worst.value)} ${rule.direction === 'up' ? 'above' : 'below'} the baseline ` +
        `(median ${fmt(threshold.median)}, threshold ${fmt(threshold.limit)})`,
      labels: { signal: rule.signal, source: 'front_service', synthesised: 'true' },
    });
  }
  return alerts;
}

function fmt(value: number): string {
  return Number(value.toPrecision(3)).toString();
}

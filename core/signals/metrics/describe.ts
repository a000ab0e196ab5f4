import type { MetricAnomalyDetail } from './anomaly.js';

/**
 * How a metric's window compares with its baseline, in words for summaries, packets and
 * reports. A baseline without variance (MAD 0) has no scale to measure a z against: the z then
 * only reflects the scale floor (up to ±1e6 for a flat zero), so it is not shown; the text says
 * the baseline was flat and gives both values (and the relative change when there is one).
 * The detail keeps its z, which ranks and flags anomalies as before.
 */
export function describeMetricShift(d: MetricAnomalyDetail): string {
  if (d.baselineMad === 0) {
    const change = d.change === null ? '' : `${formatChange(d.change)}, `;
    return `baseline flat, value ${d.windowValue} vs ${d.baselineMedian} (no baseline variance; ${change}${d.direction})`;
  }
  return `${d.windowValue} vs baseline median ${d.baselineMedian} (z=${d.z.toFixed(1)}, ${d.direction})`;
}

function formatChange(change: number): string {
  const pct = Math.round(change * 1000) / 10;
  return `${pct >= 0 ? '+' : ''}${pct}%`;
}

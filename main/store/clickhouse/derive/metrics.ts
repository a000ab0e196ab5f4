import type { MetricAnomaly } from '../../../../core/signals/index.js';
import type { ChRunner } from '../runner.js';
import type { SqlPeriods } from './periods.js';

/** core/signals/metrics/anomaly.ts's defaults: |z| threshold, scale floors, exceeding fraction. */
const THRESHOLD = 3;
const RELATIVE_FLOOR = 0.05;
const ABSOLUTE_FLOOR = 1e-9;
const MIN_EXCEEDING_FRACTION = 0.1;
const MAD_TO_SIGMA = 1.4826;
const MAX_ABS_Z = 1e6;
/**
 * medianOfSorted (core/signals/stats/robust.ts) in SQL: the middle value, or the two middle
 * values' sum halved, the same floating-point operations, so the medians agree to the last bit.
 */
const MEDIAN = (expr: string): string => `(quantileExactLow(0.5)(${expr}) + quantileExactHigh(0.5)(${expr})) / 2`;
/** The robust scale, with its floors, in SQL over the spread CTE. */
const SCALE = `greatest(s.mad * ${MAD_TO_SIGMA}, ${RELATIVE_FLOOR} * abs(s.med), ${ABSOLUTE_FLOOR})`;

/**
 * Metric anomalies computed by ClickHouse, per (entity, metric) as core/signals' collector
 * keys them: the baseline median and MAD (exact medians, as medianOfSorted takes them), the
 * window point farthest from the median (the earliest among equals), and how many window
 * points exceed the threshold either way. One row per series comes back; the robust z and the
 * verdict follow detectMetricAnomaly. Unlike the streaming collector, no series is thinned
 * to 4096 points per period.
 */
export function metricAnomalies(runner: ChRunner, periods: SqlPeriods): MetricAnomaly[] {
  const rows = runner.rows(
    `WITH points AS (
       SELECT entity, name, time, value, unit, line, ${periods.metricPeriod()} AS period FROM metrics WHERE ${periods.range} AND isFinite(value)
     ),
     base AS (
       SELECT entity, name, ${MEDIAN('value')} AS med, count() AS bn, argMin(unit, line) AS unit FROM points WHERE period = 'baseline' GROUP BY entity, name
     ),
     spread AS (
       SELECT p.entity AS entity, p.name AS name, any(b.med) AS med, any(b.bn) AS bn, any(b.unit) AS unit, ${MEDIAN('abs(p.value - b.med)')} AS mad
       FROM points AS p INNER JOIN base AS b ON p.entity = b.entity AND p.name = b.name
       WHERE p.period = 'baseline' GROUP BY p.entity, p.name
     )
     SELECT w.entity AS entity, w.name AS name, any(s.unit) AS unit, any(s.med) AS med, any(s.mad) AS mad, any(s.bn) AS bn, count() AS wn,
       argMin((w.value, w.time), (-least(abs(w.value - s.med) / ${SCALE}, ${MAX_ABS_Z}), w.time)) AS extreme,
       countIf(w.value - s.med >= ${THRESHOLD} * ${SCALE}) AS up,
       countIf(w.value - s.med <= -${THRESHOLD} * ${SCALE}) AS down
     FROM points AS w INNER JOIN spread AS s ON w.entity = s.entity AND w.name = s.name
     WHERE w.period = 'window' GROUP BY w.entity, w.name`,
    periods.params,
  );
  const out: MetricAnomaly[] = [];
  for (const r of rows) {
    const med = Number(r.med);
    const mad = Number(r.mad);
    const [value, time] = r.extreme as unknown as [number, number];
    const scale = Math.max(mad * MAD_TO_SIGMA, RELATIVE_FLOOR * Math.abs(med), ABSOLUTE_FLOOR);
    const z = Math.max(-MAX_ABS_Z, Math.min(MAX_ABS_Z, (value - med) / scale));
    const direction = z >= 0 ? 'up' : 'down';
    const windowPoints = Number(r.wn);
    const exceeding = Number(direction === 'up' ? r.up : r.down);
    const needed = Math.max(1, Math.ceil(MIN_EXCEEDING_FRACTION * windowPoints));
    out.push({
      entity: String(r.entity),
      metric: String(r.name),
      unit: typeof r.unit === 'string' ? r.unit : null,
      time: Number(time),
      detail: {
        type: 'metric_anomaly',
        metric: String(r.name),
        windowValue: value,
        baselineMedian: med,
        baselineMad: mad,
        z,
        direction,
        change: med !== 0 ? (value - med) / Math.abs(med) : null,
      },
      isAnomalous: Math.abs(z) >= THRESHOLD && exceeding >= needed,
      windowPoints,
      baselinePoints: Number(r.bn),
    });
  }
  return out.sort(byRank);
}

function byRank(a: MetricAnomaly, b: MetricAnomaly): number {
  if (a.isAnomalous !== b.isAnomalous) return a.isAnomalous ? -1 : 1;
  const za = Math.abs(a.detail.z);
  const zb = Math.abs(b.detail.z);
  if (za !== zb) return zb - za;
  if (a.entity !== b.entity) return a.entity < b.entity ? -1 : 1;
  return a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0;
}

import type { Chart } from '../../../core/charts/index.js';
import type { MetricSeries } from '../../store/index.js';

/** Metric charts per entity and label sets per chart: the inspector stays a readable column. */
export const MAX_METRIC_CHARTS = 12;
export const MAX_SERIES_PER_METRIC = 4;

function labelText(labels: string): string {
  if (labels === '' || labels === '{}') return 'value';
  try {
    const parsed = JSON.parse(labels) as Record<string, unknown>;
    return Object.entries(parsed)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',');
  } catch {
    return labels;
  }
}

/**
 * One chart per metric name, one downsampled series per label set (the most points first), each
 * with its baseline band: the store downsamples and bands them (SeriesSource.metricSeries).
 * Metrics the packet cites come first, then by name. `series`: every member's, in the
 * order each first appears, a member's after the one before it.
 */
export function metricCharts(series: readonly MetricSeries[], cited: ReadonlySet<string>): Chart[] {
  const byName = new Map<string, { unit: string | null; sets: MetricSeries[] }>();
  for (const s of series) {
    const metric = byName.get(s.name);
    if (metric) metric.sets.push(s);
    else byName.set(s.name, { unit: s.unit, sets: [s] });
  }
  const names = [...byName.keys()].sort((a, b) => Number(cited.has(b)) - Number(cited.has(a)) || (a < b ? -1 : a > b ? 1 : 0));
  return names.slice(0, MAX_METRIC_CHARTS).map((name) => {
    const metric = byName.get(name) as NonNullable<ReturnType<typeof byName.get>>;
    // Stable: among equals, the label set that appeared first.
    const sets = [...metric.sets].sort((a, b) => b.points - a.points).slice(0, MAX_SERIES_PER_METRIC);
    return {
      id: `metric:${name}`,
      kind: 'metric',
      title: name,
      unit: metric.unit ?? '',
      series: sets.map((s) => ({
        name: labelText(s.labels),
        x: s.x,
        y: s.y,
        band: s.band,
        role: 'value',
        evidenceId: null,
        sourcePoints: s.points,
      })),
    } satisfies Chart;
  });
}

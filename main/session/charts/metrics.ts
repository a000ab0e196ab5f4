import { baselineBand, downsampleMinMax, type Chart } from '../../../core/charts/index.js';
import type { MetricPoint } from '../../store/index.js';
import type { ChartRange } from './range.js';

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
 * One chart per metric name, one downsampled series per label set, each with its baseline
 * band. Metrics the packet cites come first, then by name.
 */
export function metricCharts(points: readonly MetricPoint[], range: ChartRange, cited: ReadonlySet<string>): Chart[] {
  const byName = new Map<string, { unit: string | null; byLabels: Map<string, { x: number[]; y: number[] }> }>();
  for (const p of points) {
    let metric = byName.get(p.name);
    if (!metric) {
      metric = { unit: p.unit, byLabels: new Map() };
      byName.set(p.name, metric);
    }
    let series = metric.byLabels.get(p.labels);
    if (!series) {
      series = { x: [], y: [] };
      metric.byLabels.set(p.labels, series);
    }
    series.x.push(p.time);
    series.y.push(p.value);
  }
  const names = [...byName.keys()].sort((a, b) => Number(cited.has(b)) - Number(cited.has(a)) || (a < b ? -1 : a > b ? 1 : 0));
  return names.slice(0, MAX_METRIC_CHARTS).map((name) => {
    const metric = byName.get(name) as NonNullable<ReturnType<typeof byName.get>>;
    const sets = [...metric.byLabels.entries()].sort(([, a], [, b]) => b.x.length - a.x.length).slice(0, MAX_SERIES_PER_METRIC);
    return {
      id: `metric:${name}`,
      kind: 'metric',
      title: name,
      unit: metric.unit ?? '',
      series: sets.map(([labels, s]) => ({
        name: labelText(labels),
        ...downsampleMinMax(s.x, s.y, range.columns),
        band: baselineBand(s.x, s.y, range.baselineUntil),
        role: 'value',
        evidenceId: null,
        sourcePoints: s.x.length,
      })),
    } satisfies Chart;
  });
}

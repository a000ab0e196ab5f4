import type { Chart, ChartCitation, ChartMarker } from '../../../core/charts/index.js';

/** uPlot's columnar data: seconds, then one column per series (null: no point at that x). */
export type Columns = [number[], ...(number | null)[][]];

/**
 * The series of one chart on one shared x column, in seconds. Series arrive already
 * downsampled from the main process (a few hundred points each), so this is only a merge.
 */
export function alignSeries(chart: Chart): Columns {
  const xs = [...new Set(chart.series.flatMap((s) => s.x))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns = chart.series.map((s) => {
    const col = new Array<number | null>(xs.length).fill(null);
    s.x.forEach((x, i) => {
      col[index.get(x) as number] = s.y[i] ?? null;
    });
    return col;
  });
  return [xs.map((x) => x / 1000), ...columns];
}

/** What a highlighted evidence id marks on one chart: a point, a vertical line, or nothing. */
export type ChartHighlight = { kind: 'point'; time: number; value: number } | { kind: 'line'; time: number } | null;

export function highlightOn(
  chartId: string,
  evidenceId: string | null,
  citations: readonly ChartCitation[],
  markers: readonly ChartMarker[],
): ChartHighlight {
  if (!evidenceId) return null;
  const c = citations.find((x) => x.evidenceId === evidenceId);
  if (c && c.chartId === chartId)
    return c.value === null ? { kind: 'line', time: c.time } : { kind: 'point', time: c.time, value: c.value };
  // Alerts, events and changes, and items without a chart of their own, are lines across every chart.
  if (c && c.chartId === null && c.spanId === null) return { kind: 'line', time: c.time };
  const m = markers.find((x) => x.evidenceId === evidenceId);
  return m ? { kind: 'line', time: m.time } : null;
}

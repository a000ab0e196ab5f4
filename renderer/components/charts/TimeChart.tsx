import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Chart, ChartMarker } from '../../../core/charts/index.js';
import { formatAxisTicks, formatDateTime, zoneLabel, type TimeZoneChoice } from '../../../core/time/index.js';
import { alignSeries, type ChartHighlight } from './align.js';
import { seriesColours } from '../../../core/charts/index.js';
import { drawBand, drawHighlight, drawMarkers } from './draw.js';
import { showControls } from '../../../core/text/index.js';

const HEIGHT = 150;
const AXIS_FONT = '11px system-ui, sans-serif';

/** uPlot places time ticks on round values of this clock; UTC's, unless local time was chosen. */
function tzDate(zone: TimeZoneChoice): (ts: number) => Date {
  return zone === 'utc' ? (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') : (ts) => new Date(ts * 1000);
}

function seriesLabel(s: Chart['series'][number]): string {
  const name = showControls(s.name);
  const text = name.length > 60 ? `${name.slice(0, 59)}…` : name;
  return s.role === 'new' ? `${text} (new)` : s.role === 'gone' ? `${text} (stopped)` : text;
}

/**
 * One time-series chart (uPlot, canvas): the series as sent by the main process (already
 * downsampled), the baseline band, the markers, and the highlighted evidence. uPlot's legend
 * escapes series names (it sets textContent).
 */
export function TimeChart({
  chart,
  markers,
  highlight,
  citedMax,
  width,
  zone,
}: {
  chart: Chart;
  markers: readonly ChartMarker[];
  highlight: ChartHighlight;
  /** The largest cited value on this chart: the y scale covers it (a downsampled series may not). */
  citedMax: number;
  width: number;
  /** How the time axis and the legend write times (docs/ui.md). */
  zone: TimeZoneChoice;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const current = useRef(highlight);
  const data = useMemo(() => alignSeries(chart), [chart]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const band = chart.series[0]?.band ?? null;
    const zoneText = zoneLabel(zone, chart.series[0]?.x[0] ?? Date.now());
    const options: uPlot.Options = {
      width,
      height: HEIGHT,
      tzDate: tzDate(zone),
      // Live: the legend reads the time and the values under the cursor.
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false } },
      scales: {
        x: { time: true },
        y: {
          range: (_u, min, max) => {
            const lo = Math.min(0, min ?? 0, band?.low ?? 0);
            const hi = Math.max(max ?? 1, band?.high ?? 0, citedMax);
            return [lo, hi === lo ? lo + 1 : hi * 1.05];
          },
        },
      },
      series: [
        { label: `Time (${zoneText})`, value: (_u, v) => (v === null ? '--' : formatDateTime(v * 1000, zone)) },
        ...chart.series.map((s, i) => ({
          label: seriesLabel(s),
          stroke: seriesColours[i % seriesColours.length],
          width: s.role === 'gone' || s.role === 'new' ? 2 : 1.25,
          dash: s.role === 'gone' ? [6, 3] : undefined,
          spanGaps: false,
          points: { show: false },
        })),
      ],
      axes: [
        {
          size: 24,
          font: AXIS_FONT,
          label: zoneText,
          labelSize: 14,
          labelFont: AXIS_FONT,
          values: (_u, splits, _axis, _space, increment) => {
            const ticks = formatAxisTicks(
              splits.map((s) => s * 1000),
              increment * 1000,
              zone,
            );
            // What the e2e test reads: the tick labels drawn on the canvas, and their zone.
            el.dataset.xTicks = ticks.join(' ');
            el.dataset.xZone = zoneText;
            return ticks;
          },
        },
        { size: 48, font: AXIS_FONT },
      ],
      hooks: {
        drawAxes: [(u) => drawBand(u, band)],
        draw: [
          (u) => {
            drawMarkers(u, markers);
            const drawn = drawHighlight(u, current.current);
            // What the e2e test reads: the highlight was drawn at a position on this chart.
            if (drawn) el.dataset.highlightDrawn = 'true';
            else delete el.dataset.highlightDrawn;
          },
        ],
      },
    };
    const u = new uPlot(options, data as uPlot.AlignedData, el);
    plot.current = u;
    return () => {
      u.destroy();
      plot.current = null;
    };
  }, [chart, data, markers, width, citedMax, zone]);

  useEffect(() => {
    current.current = highlight;
    const u = plot.current;
    if (!u) return;
    u.redraw(false);
  }, [highlight]);

  return (
    <figure className="evidence-chart" data-chart-id={chart.id} data-highlighted={highlight ? 'true' : 'false'}>
      <figcaption>
        {showControls(chart.title)} <span className="muted">{showControls(chart.unit)}</span>
        <span className="muted points">
          {' '}
          · {chart.series.reduce((n, s) => n + s.x.length, 0)} of {chart.series.reduce((n, s) => n + s.sourcePoints, 0)} points
        </span>
      </figcaption>
      <div ref={box} className="chart-canvas" />
    </figure>
  );
}

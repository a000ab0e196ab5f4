import type uPlot from 'uplot';
import { markerColours, type ChartMarker, type ChartSeries } from '../../../core/charts/index.js';
import type { ChartHighlight } from './align.js';

/** The baseline band of the first series, shaded behind the lines. */
export function drawBand(u: uPlot, band: ChartSeries['band']): void {
  if (!band) return;
  const ctx = u.ctx;
  const top = u.valToPos(band.high, 'y', true);
  const bottom = u.valToPos(band.low, 'y', true);
  ctx.save();
  ctx.fillStyle = 'rgba(37, 99, 235, 0.10)';
  ctx.fillRect(u.bbox.left, Math.min(top, bottom), u.bbox.width, Math.max(1, Math.abs(bottom - top)));
  ctx.restore();
}

function vertical(u: uPlot, timeMs: number, colour: string, width: number, dash: number[]): void {
  const x = u.valToPos(timeMs / 1000, 'x', true);
  if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x, u.bbox.top);
  ctx.lineTo(x, u.bbox.top + u.bbox.height);
  ctx.stroke();
  ctx.restore();
}

/** The incident time, alerts, changes and warning events as vertical lines. */
export function drawMarkers(u: uPlot, markers: readonly ChartMarker[]): void {
  const dpr = devicePixelRatio;
  for (const m of markers) vertical(u, m.time, markerColours[m.kind], dpr, m.kind === 'incident' ? [6 * dpr, 4 * dpr] : [2 * dpr, 3 * dpr]);
}

/** The highlighted evidence: a ringed point, or a bold line. Returns whether it was drawn. */
export function drawHighlight(u: uPlot, highlight: ChartHighlight): boolean {
  if (!highlight) return false;
  const dpr = devicePixelRatio;
  if (highlight.kind === 'line') {
    vertical(u, highlight.time, '#111827', 3 * dpr, []);
    return true;
  }
  const x = u.valToPos(highlight.time / 1000, 'x', true);
  const y = u.valToPos(highlight.value, 'y', true);
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = '#111827';
  ctx.lineWidth = 2.5 * dpr;
  ctx.beginPath();
  ctx.arc(x, y, 7 * dpr, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
  return true;
}

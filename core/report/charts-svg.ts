import { markerColours, seriesColours, type Chart, type ChartCitation, type EntityCharts, type ExemplarTrace } from '../charts/index.js';
import { formatDateTime } from '../time/index.js';
import { escapeHtml as h, truncate } from './escape.js';

const W = 640;
const H = 170;
const M = { left: 56, right: 12, top: 10, bottom: 22 };

function fmt(n: number): string {
  const a = Math.abs(n);
  return a >= 1000 ? n.toFixed(0) : a >= 10 ? n.toFixed(1) : n.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

interface Scale {
  x: (t: number) => number;
  y: (v: number) => number;
  max: number;
  min: number;
}

function scaleOf(chart: Chart, start: number, end: number, cited: readonly ChartCitation[]): Scale {
  let min = 0;
  let max = 0;
  for (const s of chart.series) {
    const values = s.y.filter((v): v is number => v !== null && Number.isFinite(v));
    if (s.band) values.push(s.band.low, s.band.high);
    for (const v of values) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  for (const c of cited) if (c.value !== null) max = Math.max(max, c.value);
  if (max === min) max = min + 1;
  const span = Math.max(1, end - start);
  return {
    x: (t) => M.left + ((t - start) / span) * (W - M.left - M.right),
    y: (v) => H - M.bottom - ((v - min) / (max - min)) * (H - M.top - M.bottom),
    max,
    min,
  };
}

function path(xs: readonly number[], ys: readonly (number | null)[], s: Scale): string {
  let d = '';
  let isOpen = false;
  xs.forEach((t, i) => {
    const v = ys[i];
    if (v === null || v === undefined || !Number.isFinite(v)) return void (isOpen = false);
    d += `${isOpen ? 'L' : 'M'}${s.x(t).toFixed(1)},${s.y(v).toFixed(1)}`;
    isOpen = true;
  });
  return d;
}

/** One chart as static SVG: baseline band, series, markers, and the cited points circled. */
export function renderChartSvg(chart: Chart, data: Pick<EntityCharts, 'range' | 'markers' | 'citations'>): string {
  const cited = data.citations.filter((c) => c.chartId === chart.id && c.value !== null);
  const s = scaleOf(chart, data.range.start, data.range.end, cited);
  const band = chart.series[0]?.band;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="${h(chart.title)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="#fff" stroke="#d4d8de"/>`,
  ];
  if (band) {
    const top = s.y(band.high);
    parts.push(
      `<rect class="band" x="${M.left}" y="${top.toFixed(1)}" width="${W - M.left - M.right}" height="${Math.max(1, s.y(band.low) - top).toFixed(1)}" fill="${seriesColours[0]}" fill-opacity="0.1"><title>baseline ${h(fmt(band.low))}–${h(fmt(band.high))}</title></rect>`,
    );
  }
  for (const m of data.markers) {
    if (m.time < data.range.start || m.time > data.range.end) continue;
    const x = s.x(m.time).toFixed(1);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${M.top}" y2="${H - M.bottom}" stroke="${markerColours[m.kind]}" stroke-dasharray="${m.kind === 'incident' ? '4 3' : '2 2'}"><title>${h(m.kind)}: ${h(truncate(m.label, 200))}${m.evidenceId ? ` (${h(m.evidenceId)})` : ''}</title></line>`,
    );
  }
  chart.series.forEach((series, i) => {
    const d = path(series.x, series.y, s);
    if (d)
      parts.push(
        `<path d="${d}" fill="none" stroke="${seriesColours[i % seriesColours.length]}" stroke-width="1.4"><title>${h(truncate(series.name, 200))}</title></path>`,
      );
  });
  for (const c of cited) {
    parts.push(
      `<circle cx="${s.x(c.time).toFixed(1)}" cy="${s.y(c.value as number).toFixed(1)}" r="4" fill="none" stroke="#111" stroke-width="1.5"><title>${h(c.evidenceId)}: ${h(truncate(c.summary, 200))}</title></circle>`,
    );
  }
  parts.push(
    `<text x="${M.left - 4}" y="${M.top + 8}" text-anchor="end" font-size="10" fill="#5b6472">${h(fmt(s.max))}</text>`,
    `<text x="${M.left - 4}" y="${H - M.bottom}" text-anchor="end" font-size="10" fill="#5b6472">${h(fmt(s.min))}</text>`,
    `<text x="${M.left}" y="${H - 6}" font-size="10" fill="#5b6472">${h(formatDateTime(data.range.start))}</text>`,
    `<text x="${W - M.right}" y="${H - 6}" text-anchor="end" font-size="10" fill="#5b6472">${h(formatDateTime(data.range.end))}</text>`,
    '</svg>',
  );
  return parts.join('');
}

/** The exemplar trace as a static waterfall; the marked span in red. */
export function renderWaterfallSvg(trace: ExemplarTrace): string {
  if (trace.spans.length === 0) return '';
  const rowH = 16;
  const start = Math.min(...trace.spans.map((s) => s.start));
  const end = Math.max(...trace.spans.map((s) => s.start + s.durationMs));
  const span = Math.max(1, end - start);
  const left = 220;
  const width = W - left - M.right;
  const height = trace.spans.length * rowH + 4;
  const rows = trace.spans.map((sp, i) => {
    const x = left + ((sp.start - start) / span) * width;
    const w = Math.max(1, (sp.durationMs / span) * width);
    const colour = sp.isMarked ? '#dc2626' : sp.status === 'error' ? '#f97316' : '#60a5fa';
    const label = truncate(`${'  '.repeat(sp.depth)}${sp.entity} ${sp.name}`, 40);
    return (
      `<text x="4" y="${i * rowH + 12}" font-size="10" fill="#1f2937" xml:space="preserve">${h(label)}</text>` +
      `<rect x="${x.toFixed(1)}" y="${i * rowH + 3}" width="${w.toFixed(1)}" height="${rowH - 5}" fill="${colour}"><title>${h(sp.evidenceId)} ${h(truncate(sp.name, 200))}: ${h(fmt(sp.durationMs))} ms ${h(sp.status)}</title></rect>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" class="waterfall" role="img" aria-label="Exemplar trace" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}">${rows.join('')}</svg>`;
}

/** The charts of each entity, for the HTML report (static SVG: it opens offline). */
export function renderChartsSection(all: readonly EntityCharts[]): string[] {
  const drawn = all.filter((e) => e.charts.length > 0 || e.trace);
  if (drawn.length === 0) return [];
  const out = [
    '<h2>Evidence charts</h2>',
    '<p class="muted">Shaded: the baseline band (median ± 3 MAD before the incident). Dashed red: the incident; orange: alerts; violet: changes. Circles: evidence the policy cited.</p>',
  ];
  for (const e of drawn) {
    out.push(`<h3>${h(e.entity)}</h3>`);
    for (const chart of e.charts) {
      const legend = chart.series.map(
        (s, i) =>
          `<span style="color:${seriesColours[i % seriesColours.length]}">■</span> ${h(truncate(s.name, 120))}${s.role === 'new' ? ' (new)' : s.role === 'gone' ? ' (stopped)' : ''}`,
      );
      out.push(
        `<figure class="chart"><figcaption>${h(chart.title)} <span class="muted">${h(chart.unit)}</span></figcaption>${renderChartSvg(chart, e)}<div class="legend">${legend.join(' · ')}</div></figure>`,
      );
    }
    if (e.trace)
      out.push(
        `<figure class="chart"><figcaption>Exemplar trace <span class="mono">${h(e.trace.traceId)}</span> — ${h(e.trace.reason)}</figcaption>${renderWaterfallSvg(e.trace)}</figure>`,
      );
  }
  return out;
}

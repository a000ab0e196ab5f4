import { describe, expect, it } from 'vitest';
import type { EntityCharts } from '../charts/index.js';
import { renderChartsSection, renderChartSvg } from './charts-svg.js';

const hostile = '<script>alert(1)</script>"&\'';
const charts: EntityCharts = {
  entity: `shop/Service/${hostile}`,
  range: { start: 0, end: 600_000 },
  incidentTime: 300_000,
  charts: [
    {
      id: 'logs',
      kind: 'logs',
      title: `Log templates ${hostile}`,
      unit: 'lines/min',
      series: [
        {
          name: hostile,
          x: [0, 100_000, 400_000],
          y: [1, null, 9],
          band: { low: 0, high: 2 },
          role: 'new',
          evidenceId: 'tpl:x:1',
          sourcePoints: 3,
        },
      ],
    },
  ],
  markers: [{ kind: 'change', time: 200_000, label: hostile, evidenceId: 'change:4' }],
  trace: {
    traceId: hostile,
    reason: hostile,
    omittedSpans: 0,
    spans: [
      {
        spanId: 'a',
        parentSpanId: null,
        entity: hostile,
        name: hostile,
        start: 1,
        durationMs: 5,
        status: 'error',
        depth: 0,
        isMarked: true,
        evidenceId: 'span:3',
      },
    ],
  },
  citations: [{ evidenceId: 'tpl:x:1', chartId: 'logs', series: hostile, time: 400_000, value: 9, spanId: null, summary: hostile }],
  unavailable: null,
};

describe('charts as static SVG', () => {
  it('escapes every snapshot string and draws band, series, markers and cited points', () => {
    const html = renderChartsSection([charts]).join('\n');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    const svg = renderChartSvg(charts.charts[0]!, charts);
    expect(svg).toContain('class="band"');
    // The gap splits the series into two sub-paths (M…M), never a line across it.
    expect((/<path d="([^"]+)"/.exec(svg)?.[1] ?? '').match(/M/g)).toHaveLength(2);
    expect(svg).toContain('<circle');
    expect(svg).toContain('change:4');
    expect(html).toContain('class="waterfall"');
    expect(html).toContain('(new)');
  });

  it('writes the time axis in 24-hour UTC with the zone', () => {
    const svg = renderChartSvg(charts.charts[0]!, {
      ...charts,
      range: { start: Date.parse('2026-03-01T13:05:00Z'), end: Date.parse('2026-03-01T13:15:00Z') },
    });
    expect(svg).toContain('2026-03-01 13:05:00 UTC');
    expect(svg).toContain('2026-03-01 13:15:00 UTC');
    expect(svg).not.toMatch(/\b(am|pm)\b/i);
  });

  it('adds nothing when no entity has charts', () => {
    expect(renderChartsSection([{ ...charts, charts: [], trace: null }])).toEqual([]);
  });
});

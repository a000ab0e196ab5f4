import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../../core/ipc/index.js';
import { generateIncident, type GeneratedIncident } from '../../generate/index.js';
import { createInvestigationService, type InvestigationService } from '../service.js';
import { openSnapshotSource } from '../snapshot-source.js';

const root = mkdtempSync(path.join(tmpdir(), 'eog-charts-'));
let incident: GeneratedIncident;
let service: InvestigationService;
/** The node the run found (a service standing for the injected deployment and its pods). */
let origin: string;

beforeAll(async () => {
  incident = await generateIncident(path.join(root, 'bundle'), { fault: 'code_error', seed: 11, services: 6 });
  service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(incident.dir) });
  await service.start({ settings: InvestigationSettings.parse({}) });
  const state = await service.runToEnd();
  origin = state.frontier[0] ?? incident.rootCause;
}, 120_000);

afterAll(() => {
  service?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('evidence charts through the investigation service', () => {
  it('finds the injected fault (the charts below are of it)', () => {
    expect(origin.split('/').pop()).toBe(incident.rootCause.split('/').pop());
  });

  it('draws the root cause: rates, errors, latency percentiles, logs, an exemplar trace, each downsampled to the width', async () => {
    const charts = await service.charts(origin, 200);
    expect(charts.unavailable).toBeNull();
    const ids = charts.charts.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['requests', 'errors', 'latency']));
    const errors = charts.charts.find((c) => c.id === 'errors');
    // The injected code error: the error rate after the incident leaves the baseline band.
    const series = errors!.series[0]!;
    const band = series.band!;
    const after = series.y.filter((v, i) => v !== null && (series.x[i] as number) > (charts.incidentTime ?? Infinity));
    expect(Math.max(...(after as number[]))).toBeGreaterThan(band.high);
    for (const c of charts.charts) for (const s of c.series) expect(s.x.length).toBeLessThanOrEqual(2 * 200);
    expect(charts.markers.some((m) => m.kind === 'incident')).toBe(true);
    expect(charts.trace?.spans.some((s) => s.isMarked)).toBe(true);
    expect(charts.trace?.spans.every((s) => /^span:\d+$/.test(s.evidenceId))).toBe(true);
  });

  it('places every evidence item of the node’s packet on a chart, a span or a marker', async () => {
    const details = await service.inspect(origin);
    const charts = await service.charts(origin, 300);
    expect(details.packet).not.toBeNull();
    const placed = new Set(charts.citations.map((c) => c.evidenceId));
    for (const item of details.packet!.evidence) expect(placed.has(item.id)).toBe(true);
    for (const c of charts.citations) {
      if (c.chartId !== null) expect(charts.charts.some((chart) => chart.id === c.chartId)).toBe(true);
      if (c.spanId !== null) expect(charts.trace?.spans.some((s) => s.spanId === c.spanId)).toBe(true);
    }
  });

  it('embeds the same charts as static SVG in the HTML report, and none in Markdown', async () => {
    const html = await service.exportFile('html');
    expect(html.content).toContain('<h2>Evidence charts</h2>');
    expect(html.content).toMatch(/<svg[^>]+class="chart"/);
    expect(html.content).not.toMatch(/<script/i);
    const md = await service.exportFile('markdown');
    expect(md.content).not.toContain('<svg');
  });

  it('answers a repeated request from its cache, and a new width afresh', async () => {
    const a = await service.charts(origin, 250);
    expect(await service.charts(origin, 250)).toBe(a);
    const b = await service.charts(origin, 260);
    expect(b).not.toBe(a);
    expect(b.charts.map((c) => c.id)).toEqual(a.charts.map((c) => c.id));
  });

  it('refuses an entity that is not in the snapshot', async () => {
    await expect(service.charts('shop/Service/nope', 300)).rejects.toThrow(/not in this snapshot/);
  });
});

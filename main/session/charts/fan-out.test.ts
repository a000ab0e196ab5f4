import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextPacket, EvidenceItem } from '../../../core/model/index.js';
import { generateIncident } from '../../generate/index.js';
import { importToStore, openEvidenceStore, type EvidenceStore } from '../../store/index.js';
import { buildEntityCharts } from './build.js';
import { calleeKeys, memberKeys } from './members.js';

const root = mkdtempSync(path.join(tmpdir(), 'eog-fan-out-chart-'));
let store: EvidenceStore;

beforeAll(async () => {
  const incident = await generateIncident(path.join(root, 'bundle'), { fault: 'code_error', seed: 11, services: 6 });
  await importToStore(incident.dir, { kind: 'sqlite', file: path.join(root, 'store.sqlite') });
  store = await openEvidenceStore({ kind: 'sqlite', file: path.join(root, 'store.sqlite') });
}, 120_000);

afterAll(() => {
  store?.close();
  rmSync(root, { recursive: true, force: true });
});

const fanOut = (entity: string): EvidenceItem => ({
  id: `fanout:${entity}`,
  entity,
  kind: 'span',
  time: store.window().start,
  summary: 'calls made per request served',
  score: 1,
  detail: { type: 'fan_out', entity, windowServed: 10, baselineServed: 10, windowCalls: 5, baselineCalls: 20, ratio: 0.25, surprise: 20 },
  provenance: { file: 'spans.jsonl', line: 1, sha256: '', extractor: 'trace_fanout' },
});

describe('the calls-per-request chart', () => {
  it('is drawn for a node whose packet cites fewer calls, from its spans and its callees’, with the citation on it', () => {
    // A service that calls others: its members make calls in every request they serve.
    const caller = store
      .topology()
      .entities.map((e) => e.id)
      .find((id) => id.includes('/Service/') && calleeKeys(store, memberKeys(store, id)).length > 0);
    expect(caller).toBeDefined();
    const entity = caller ?? '';
    const charts = buildEntityCharts(store, entity, { evidence: [fanOut(entity)] } as ContextPacket, 300);
    const chart = charts.charts.find((c) => c.id === 'fan_out');
    expect(chart?.title).toBe('Calls per request');
    const drawn = (chart?.series[0]?.y ?? []).filter((v): v is number => v !== null);
    expect(drawn.length).toBeGreaterThan(0);
    expect(Math.max(...drawn)).toBeGreaterThan(0);
    expect(charts.citations.find((c) => c.evidenceId === `fanout:${entity}`)).toMatchObject({ chartId: 'fan_out', value: 0.5 });
    // Not cited, not drawn (it reads the callees' spans).
    expect(buildEntityCharts(store, entity, { evidence: [] } as unknown as ContextPacket, 300).charts.some((c) => c.id === 'fan_out')).toBe(
      false,
    );
  });
});

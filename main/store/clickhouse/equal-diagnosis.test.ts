import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertNezha } from '../../convert/nezha/convert.js';
import { NEZHA_SLICE } from '../../convert/nezha/test-fixtures.js';
import { generateIncident } from '../../generate/index.js';
import type { ContextPacket } from '../../../core/model/index.js';
import { buildEntityCharts } from '../../session/charts/index.js';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { importToStore, openEvidenceStore } from '../open.js';
import type { StoreSpec } from '../spec.js';

// One embedded engine serves the whole file (chdb runs one per process).
const root = mkdtempSync(join(tmpdir(), 'eog-chdb-equal-'));
const chdb: StoreSpec = { kind: 'chdb', dir: join(root, 'chdb') };
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function diagnose(bundle: string, store: StoreSpec | null) {
  const { diagnosis } = await investigateSnapshot(bundle, { policy: { kind: 'heuristic' }, store });
  return { frontier: diagnosis.frontier, outcome: diagnosis.outcome, propagations: diagnosis.propagations, steps: diagnosis.run.steps };
}

describe('SQLite and chdb stores give the same diagnosis (heuristic policy)', () => {
  it.each(['network_delay', 'config_change'] as const)(
    'generated %s incident',
    async (fault) => {
      const incident = await generateIncident(join(root, fault), { fault, seed: 7, services: 6 });
      const [sqlite, clickhouse] = [await diagnose(incident.dir, null), await diagnose(incident.dir, chdb)];
      expect(sqlite.frontier.length).toBeGreaterThan(0);
      expect(clickhouse).toEqual(sqlite);
    },
    180_000,
  );

  it('the Nezha fixture slice', async () => {
    const { bundles } = await convertNezha(NEZHA_SLICE, join(root, 'nezha'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles.slice(0, 2)) {
      const [sqlite, clickhouse] = [await diagnose(bundle, null), await diagnose(bundle, chdb)];
      expect(sqlite.steps).toBeGreaterThan(0);
      expect(clickhouse).toEqual(sqlite);
    }
  }, 300_000);

  it('answers evidence pages, alerts and charts like the SQLite store', async () => {
    const incident = await generateIncident(join(root, 'pages'), { fault: 'resource_saturation', seed: 2, services: 5 });
    const sqliteFile = join(root, 'pages.sqlite');
    await importToStore(incident.dir, { kind: 'sqlite', file: sqliteFile });
    const summary = await importToStore(incident.dir, chdb);
    expect(summary.clickhouse?.rows).toBeGreaterThan(summary.totalRows);
    const a = await openEvidenceStore({ kind: 'sqlite', file: sqliteFile });
    const b = await openEvidenceStore(chdb);
    try {
      expect(b.topology()).toEqual(a.topology());
      expect(b.alerts()).toEqual(a.alerts());
      expect(b.snapshotHash()).toBe(a.snapshotHash());
      const window = a.window();
      const drawn = new Set<string>();
      for (const entity of a.topology().entities.map((e) => e.id)) {
        // The first entity's counts are its own query's, the others' one query's for the whole window.
        for (const query of [{ limit: 40 }, { limit: 15, offset: 25 }, { limit: 10, kinds: ['log', 'span'] as const }]) {
          expect(b.evidenceFor(entity, window, query)).toEqual(a.evidenceFor(entity, window, query));
        }
        for (const item of a.evidenceFor(entity, window, { limit: 40 }).items) expect(b.evidenceById(item.id)).toEqual(item);
        const key = a.entityKey(entity);
        expect(b.series().markers(b.entityKey(entity), window.start, window.end)).toEqual(
          a.series().markers(key, window.start, window.end),
        );
        expect(b.series().logs(b.entityKey(entity), window.start, window.end)).toEqual(a.series().logs(key, window.start, window.end));
        expect(b.series().templates(b.entityKey(entity))).toEqual(a.series().templates(key));
        // The charts' span series and edge pairs are bucketed by ClickHouse, in the process for SQLite.
        const packet = { evidence: a.evidenceFor(entity, window, { limit: 40 }).items } as ContextPacket;
        const charts = buildEntityCharts(a, entity, packet, 600);
        expect(buildEntityCharts(b, entity, packet, 600)).toEqual(charts);
        for (const c of charts.charts) drawn.add(c.kind);
        if (charts.trace) drawn.add('trace');
      }
      expect([...drawn]).toEqual(expect.arrayContaining(['requests', 'errors', 'latency', 'edge', 'trace']));
    } finally {
      a.close();
      b.close();
    }
  }, 180_000);
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnosisKey } from '../../bench/same-diagnosis.js';
import { convertNezha } from '../../convert/nezha/convert.js';
import { NEZHA_SLICE } from '../../convert/nezha/test-fixtures.js';
import { generateIncident } from '../../generate/index.js';
import { makeBuckets } from '../../../core/charts/index.js';
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
  // The same diagnosis as the benchmarks define it (frontier order, outcome, ranking order, confidence), and the same walk.
  return { ...diagnosisKey(diagnosis), propagations: diagnosis.propagations, steps: diagnosis.run.steps };
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

  it('an alert that fired long after the onset: both stores place the onset earlier and diagnose as on time', async () => {
    const incident = await generateIncident(join(root, 'on-time'), { fault: 'config_change', seed: 7, services: 6 });
    const late = lateAlerts(incident.dir, join(root, 'late'), 12 * 60_000);
    const onTime = await diagnose(incident.dir, null);
    const lateSqlite: StoreSpec = { kind: 'sqlite', file: join(root, 'late.sqlite') };
    const [sqlite, clickhouse] = [await diagnose(late.dir, lateSqlite), await diagnose(late.dir, chdb)];
    expect(sqlite.frontier).toEqual(onTime.frontier);
    expect(clickhouse).toEqual(sqlite);
    for (const spec of [lateSqlite, chdb]) {
      const store = await openEvidenceStore(spec);
      try {
        const info = store.windowInfo();
        expect(info.givenIncidentTime).toBe(late.incidentTime);
        // Placed before the late alert, at least the alert rule's own delay before it, and not before the window.
        expect(info.incidentTime).toBeLessThanOrEqual(late.incidentTime - 5 * 60_000);
        expect(info.incidentTime).toBeGreaterThanOrEqual(info.window.start);
      } finally {
        store.close();
      }
    }
  }, 300_000);

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
        // Calls per request: the node's spans and its callees' (here every other entity), matched by parent span.
        const others = a
          .topology()
          .entities.map((e) => e.id)
          .filter((id) => id !== entity);
        const fanOut = a.series().fanOutBuckets(
          [key],
          others.map((id) => a.entityKey(id)),
          makeBuckets(window.start, window.end, 30),
        );
        expect(
          b.series().fanOutBuckets(
            [b.entityKey(entity)],
            others.map((id) => b.entityKey(id)),
            makeBuckets(window.start, window.end, 30),
          ),
        ).toEqual(fanOut);
        if (fanOut && fanOut.calls.some((n) => n > 0)) drawn.add('calls');
      }
      expect([...drawn]).toEqual(expect.arrayContaining(['requests', 'errors', 'latency', 'edge', 'trace', 'calls']));
    } finally {
      a.close();
      b.close();
    }
  }, 180_000);
});

/** A copy of a bundle whose alerts, and so its incident time, come `delayMs` later, as a rule that fires late does. */
function lateAlerts(from: string, to: string, delayMs: number): { dir: string; incidentTime: number } {
  cpSync(from, to, { recursive: true });
  rmSync(join(to, '.eog'), { recursive: true, force: true });
  const later = (t: string): string => new Date(Date.parse(t) + delayMs).toISOString();
  const alerts = join(to, 'alerts.jsonl');
  const lines = readFileSync(alerts, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const moved = lines.map((l) => {
    const a = JSON.parse(l) as { startsAt: string; entity: string };
    // The incident's own alerts (its namespace), not the standing noise on the monitoring stack.
    return JSON.stringify(Date.parse(a.startsAt) > Date.parse(manifestOf(to).window.start) ? { ...a, startsAt: later(a.startsAt) } : a);
  });
  writeFileSync(alerts, `${moved.join('\n')}\n`);
  const manifest = manifestOf(to);
  const incidentTime = Date.parse(manifest.incidentTime) + delayMs;
  writeFileSync(join(to, 'snapshot.json'), JSON.stringify({ ...manifest, incidentTime: new Date(incidentTime).toISOString() }));
  return { dir: to, incidentTime };
}

function manifestOf(dir: string): { incidentTime: string; window: { start: string } } & Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as { incidentTime: string; window: { start: string } };
}

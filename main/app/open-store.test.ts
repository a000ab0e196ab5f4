import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { generateIncident, type GeneratedIncident } from '../generate/index.js';
import { investigateSnapshot } from '../session/index.js';
import { importBundle } from '../store/index.js';
import { ChdbRunner } from '../store/clickhouse/chdb-runner.js';
import { HttpRunner } from '../store/clickhouse/http-runner.js';
import { writeAsCollector } from '../store/clickhouse/testing/collector-writer.js';
import { startFront, type Front } from '../store/clickhouse/testing/start-front.js';
import { parseStoreSpec } from '../store/spec.js';
import { createWorkbench, type Workbench } from './workbench.js';

// One embedded engine (chdb runs one per process) holds the Collector's database; a second
// process fronts another over HTTP for clickhouse://.
const work = mkdtempSync(path.join(tmpdir(), 'eog-open-store-'));
const collectorDir = path.join(work, 'collector');
const storeFile = path.join(work, 'imported.sqlite');
const ledgerFile = path.join(work, 'run.ledger');
const PASSWORD = 'front-secret';
let incident: GeneratedIncident;
let front: Front;

beforeAll(async () => {
  incident = await generateIncident(path.join(work, 'bundle'), { fault: 'network_delay', seed: 7, services: 6 });
  const runner = await ChdbRunner.open(collectorDir);
  try {
    writeAsCollector(runner, incident.dir);
  } finally {
    runner.close();
  }
  await importBundle(incident.dir, storeFile);
  await investigateSnapshot(incident.dir, { policy: { kind: 'heuristic' }, ledgerFile, settings: { budget: 10 } });
  front = await startFront(path.join(work, 'front'), 'otel', { EOG_TEST_CH_PASSWORD: PASSWORD });
}, 240_000);
afterAll(() => {
  front?.stop();
  rmSync(work, { recursive: true, force: true });
});

function workbench(options: { storePasswordEnv?: string; env?: NodeJS.ProcessEnv } = {}): Workbench {
  return createWorkbench({ snapshot: null, host: 'web', version: '0.0.0-test', investigations: options, roots: [work] });
}

/** The service a pod belongs to (generated pod names end in the replica set's and pod's hashes). */
const serviceOf = (entity: string): string => (entity.split('/').pop() ?? '').replace(/-[0-9a-f]{9}-[0-9a-z]{5}$/, '');

/** A node the investigation built a packet for. */
async function packetNode(wb: Workbench): Promise<string> {
  const { events } = await wb.handlers['ledger.events']({ afterSeq: -1, limit: 5000 });
  const built = events.find((e) => e.type === 'PacketBuilt');
  if (built?.type !== 'PacketBuilt') throw new Error('the investigation built no packet');
  return built.node;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const onset = (): number => Date.parse(incident.onset);

describe('opening a database the OpenTelemetry Collector wrote (chdb:DIR)', () => {
  it('is probed as a ClickHouse database, shows its entities and is investigated to the injected root', async () => {
    const wb = workbench();
    try {
      expect(await wb.handlers['snapshot.probe']({ path: `chdb:${collectorDir}` })).toEqual({ format: 'clickhouse', cases: [] });
      const summary = await wb.handlers['snapshot.open']({ path: `chdb:${collectorDir}` });
      expect(summary.sourceKind).toBe('otel-collector-clickhouse');
      expect(summary.entityCount).toBeGreaterThan(10);
      const graph = await wb.handlers['graph.get']({});
      expect(graph.nodes.map((n) => n.id)).toContain(incident.rootCause);
      expect(graph.edges.some((e) => e.relation === 'calls')).toBe(true);

      // No bundle folder behind it: the inspector and the charts answer from the store.
      const before = await wb.handlers['node.inspect']({ node: incident.rootCause });
      expect(before.entity.id).toBe(incident.rootCause);
      expect(before.rawLines).toEqual([]);
      const charts = await wb.handlers['evidence.charts']({ node: incident.rootCause, width: 600 });
      expect(charts.entity).toBe(incident.rootCause);
      expect(charts.charts.length).toBeGreaterThan(0);

      await wb.handlers['investigation.start']({ settings: InvestigationSettings.parse({ budget: 60 }) });
      await wb.handlers['investigation.run']({});
      await wb.settled();
      const end = await wb.handlers['investigation.state']({});
      expect(end.status).toBe('finished');
      expect(end.frontier.map(serviceOf)).toContain(serviceOf(incident.rootCause));
      const visited = await packetNode(wb);
      const after = await wb.handlers['node.inspect']({ node: visited });
      expect(after.packet?.node).toBe(visited);
      expect(after.packet?.evidence.length).toBeGreaterThan(0);
      expect(after.rawLines).toEqual([]);
    } finally {
      wb.close();
    }
  }, 240_000);

  it('places its window from Incident time and Window, and says when the window is outside the telemetry', async () => {
    const wb = workbench();
    try {
      const window = { start: iso(onset() - 20 * 60_000), end: iso(onset() + 10 * 60_000) };
      const summary = await wb.handlers['snapshot.open']({ path: `chdb:${collectorDir}`, incidentTime: iso(onset()), window });
      expect(summary.incidentTime).toBe(onset());
      expect(summary.description).toContain(`window ${window.start} – ${window.end}, as placed when opened`);

      await expect(
        wb.handlers['snapshot.open']({
          path: `chdb:${collectorDir}`,
          window: { start: '2001-01-01T00:00:00Z', end: '2001-01-01T01:00:00Z' },
        }),
      ).rejects.toMatchObject({ name: 'WindowOutsideTelemetryError' });
      // The database opened before stays open.
      expect(wb.current()?.summary.hash).toBe(summary.hash);
      expect((await wb.handlers['graph.get']({})).nodes.map((n) => n.id)).toContain(incident.rootCause);
    } finally {
      wb.close();
    }
  }, 240_000);
});

describe('opening an evidence store file, a ledger, or neither', () => {
  it('opens a store eog import wrote, told from a ledger by its tables, and refuses times for it', async () => {
    const wb = workbench();
    try {
      expect(await wb.handlers['snapshot.probe']({ path: storeFile })).toEqual({ format: 'store', cases: [] });
      await expect(wb.handlers['snapshot.open']({ path: storeFile, incidentTime: iso(onset()) })).rejects.toMatchObject({
        name: 'CaptureTimesNotApplicableError',
        message: expect.stringContaining(`${storeFile} is an imported evidence store (its window was fixed at import)`),
      });
      const summary = await wb.handlers['snapshot.open']({ path: storeFile });
      expect(summary.entityCount).toBeGreaterThan(10);
      expect((await wb.handlers['graph.get']({})).nodes.map((n) => n.id)).toContain(incident.rootCause);
      expect((await wb.handlers['app.info']({})).isReplay).toBe(false);
      await wb.handlers['investigation.start']({ settings: InvestigationSettings.parse({ budget: 60 }) });
      await wb.handlers['investigation.run']({});
      await wb.settled();
      expect((await wb.handlers['investigation.state']({})).frontier.map(serviceOf)).toContain(serviceOf(incident.rootCause));
      // Its raw lines come from the bundle it was imported from, still in place.
      expect((await wb.handlers['node.inspect']({ node: await packetNode(wb) })).rawLines.length).toBeGreaterThan(0);
    } finally {
      wb.close();
    }
  }, 240_000);

  it('still replays a ledger file', async () => {
    const wb = workbench();
    try {
      expect(await wb.handlers['snapshot.probe']({ path: ledgerFile })).toEqual({ format: 'ledger', cases: [] });
      expect((await wb.handlers['snapshot.open']({ path: ledgerFile })).sourceKind).toBe('ledger');
      expect((await wb.handlers['app.info']({})).isReplay).toBe(true);
    } finally {
      wb.close();
    }
  });

  it('names a file that is neither, SQLite or not', async () => {
    const wb = workbench();
    try {
      const junk = path.join(work, 'junk.bin');
      writeFileSync(junk, 'not a database <img src=x>'.repeat(40));
      await expect(wb.handlers['snapshot.probe']({ path: junk })).rejects.toMatchObject({
        name: 'UnknownSnapshotFileError',
        message: expect.stringContaining(`${junk} is neither a saved ledger nor an evidence store (not an SQLite file)`),
      });
      await expect(wb.handlers['snapshot.open']({ path: junk })).rejects.toMatchObject({ name: 'UnknownSnapshotFileError' });
      const empty = path.join(work, 'empty.sqlite');
      writeFileSync(empty, '');
      await expect(wb.handlers['snapshot.open']({ path: empty })).rejects.toMatchObject({
        message: expect.stringContaining("an SQLite file without a ledger's or a store's tables"),
      });
      expect(wb.current()).toBeNull();
    } finally {
      wb.close();
    }
  });
});

describe('opening a Collector database on a ClickHouse server (clickhouse://)', () => {
  it('reads the password from the variable the host was given, never from the page', async () => {
    const url = `clickhouse://default@127.0.0.1:${front.port}/otel`;
    const spec = parseStoreSpec(url, 'EOG_TEST_STORE_PASSWORD');
    if (spec.kind !== 'clickhouse') throw new Error(`${url} is not a server spec`);
    const runner = HttpRunner.open(spec, { EOG_TEST_STORE_PASSWORD: PASSWORD });
    try {
      writeAsCollector(runner, incident.dir);
    } finally {
      runner.close();
    }
    const unset = workbench({ storePasswordEnv: 'EOG_TEST_STORE_PASSWORD', env: {} });
    try {
      await expect(unset.handlers['snapshot.open']({ path: url })).rejects.toThrow(/EOG_TEST_STORE_PASSWORD .* is not set/);
    } finally {
      unset.close();
    }
    const wb = workbench({ storePasswordEnv: 'EOG_TEST_STORE_PASSWORD', env: { EOG_TEST_STORE_PASSWORD: PASSWORD } });
    try {
      expect(await wb.handlers['snapshot.probe']({ path: url })).toEqual({ format: 'clickhouse', cases: [] });
      const summary = await wb.handlers['snapshot.open']({ path: url });
      expect(summary.sourceKind).toBe('otel-collector-clickhouse');
      const graph = await wb.handlers['graph.get']({});
      expect(graph.nodes.map((n) => n.id)).toContain(incident.rootCause);
      expect(JSON.stringify([summary, graph, await wb.handlers['app.info']({})])).not.toContain(PASSWORD);
    } finally {
      wb.close();
    }
  }, 240_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIncident } from '../../generate/index.js';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { importToStore, openEvidenceStore } from '../open.js';
import { parseStoreSpec } from '../spec.js';
import { startFront, type Front } from './testing/start-front.js';

// A real ClickHouse engine (chdb) behind real HTTP on 127.0.0.1, reached through @clickhouse/client.
const root = mkdtempSync(join(tmpdir(), 'eog-ch-http-'));
const PASSWORD = 'front-secret';
let front: Front;
beforeAll(async () => {
  front = await startFront(join(root, 'engine'), 'incidents', { EOG_TEST_CH_PASSWORD: PASSWORD });
}, 60_000);
afterAll(() => {
  front.stop();
  rmSync(root, { recursive: true, force: true });
});

const url = (): string => `clickhouse://default@127.0.0.1:${front.port}/incidents`;
const env = { EOG_TEST_STORE_PASSWORD: PASSWORD };

describe('clickhouse:// store over HTTP', () => {
  it('imports a bundle and gives the diagnosis a SQLite store gives', async () => {
    const incident = await generateIncident(join(root, 'bundle'), { fault: 'network_delay', seed: 11, services: 5 });
    const spec = parseStoreSpec(url(), 'EOG_TEST_STORE_PASSWORD');
    const summary = await importToStore(incident.dir, spec, { env });
    expect(summary.store).toBe(`clickhouse://default@127.0.0.1:${front.port}/incidents`);
    expect(summary.clickhouse?.rows).toBeGreaterThan(summary.totalRows);
    process.env.EOG_TEST_STORE_PASSWORD = PASSWORD;
    try {
      const viaHttp = await investigateSnapshot(url(), { policy: { kind: 'heuristic' }, store: spec });
      const viaSqlite = await investigateSnapshot(incident.dir, { policy: { kind: 'heuristic' } });
      const pick = (d: typeof viaHttp.diagnosis) => ({ frontier: d.frontier, outcome: d.outcome, propagations: d.propagations });
      expect(viaSqlite.diagnosis.frontier.length).toBeGreaterThan(0);
      expect(pick(viaHttp.diagnosis)).toEqual(pick(viaSqlite.diagnosis));
    } finally {
      delete process.env.EOG_TEST_STORE_PASSWORD;
    }
  }, 240_000);

  it('says when the password is wrong or its variable is unset, and never keeps it in the spec', async () => {
    const spec = parseStoreSpec(url(), 'EOG_TEST_STORE_PASSWORD');
    expect(JSON.stringify(spec)).not.toContain(PASSWORD);
    await expect(openEvidenceStore(spec, { env: { EOG_TEST_STORE_PASSWORD: 'wrong' } })).rejects.toThrow(/Authentication failed/);
    await expect(openEvidenceStore(spec, { env: {} })).rejects.toThrow(/EOG_TEST_STORE_PASSWORD .* is not set/);
    expect(() => parseStoreSpec(`clickhouse://default:${PASSWORD}@127.0.0.1:1/x`)).toThrow(/must not hold a password/);
  }, 60_000);
});

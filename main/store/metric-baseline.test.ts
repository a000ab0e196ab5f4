import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN, T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { ChdbRunner } from './clickhouse/chdb-runner.js';
import { importIntoClickHouse } from './clickhouse/ingest.js';
import { importBundle } from './import.js';
import { EvidenceStore } from './index.js';

/**
 * snapshot.json `metricBaseline`: the metrics' own normal period. A pod warming up in the
 * capture's first minutes (the trace baseline) runs at 20 % CPU; the hour before its incident
 * it runs at 55–75 %, and the incident window holds 70 %: against its own recent normal that
 * is no anomaly, against the warm-up it is.
 */
const cart = 'shop/Service/cart';
const iso = (ms: number): string => new Date(ms).toISOString();
const root = mkdtempSync(join(tmpdir(), 'eog-metric-baseline-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bundle(name: string, withOwnBaseline: boolean): string {
  const metrics: unknown[] = [];
  for (let m = 0; m < 5; m++) metrics.push({ time: iso(T0 + m * MIN), entity: cart, name: 'cpu_usage_rate', value: 20 + (m % 2) });
  for (let m = 30; m < 40; m++) metrics.push({ time: iso(T0 + m * MIN), entity: cart, name: 'cpu_usage_rate', value: 55 + ((m * 7) % 21) });
  for (let m = 41; m < 44; m++) metrics.push({ time: iso(T0 + m * MIN), entity: cart, name: 'cpu_usage_rate', value: 70 });
  const manifest = {
    format: 'eog-snapshot',
    version: 1,
    name,
    incidentTime: iso(T0 + 40 * MIN),
    window: { start: iso(T0 + 40 * MIN), end: iso(T0 + 44 * MIN) },
    baseline: { start: iso(T0), end: iso(T0 + 5 * MIN) },
    ...(withOwnBaseline ? { metricBaseline: { start: iso(T0 + 30 * MIN), end: iso(T0 + 40 * MIN - 1) } } : {}),
  };
  return writeBundle({ manifest, records: { metrics } }, join(root, name));
}

async function anomaliesOnSqlite(dir: string): Promise<string[]> {
  const file = join(root, `${dir.split('/').pop() ?? 'b'}.sqlite`);
  await importBundle(dir, file);
  const store = EvidenceStore.open(file);
  try {
    return store
      .evidenceFor(cart, store.window(), { limit: 20, kinds: ['metric'] })
      .items.filter((i) => i.detail.type === 'metric_anomaly' && i.id.startsWith('anomaly:'))
      .map((i) => i.id);
  } finally {
    store.close();
  }
}

describe('a snapshot that names the metrics’ own baseline', () => {
  it('compares metrics with it, and with the trace baseline when it names none (SQLite)', async () => {
    expect(await anomaliesOnSqlite(bundle('own', true))).toEqual([]);
    expect(await anomaliesOnSqlite(bundle('warmup', false))).toEqual([`anomaly:${cart}:cpu_usage_rate`]);
  });

  it('derives the same signals in ClickHouse SQL as the JavaScript collectors', async () => {
    const rows = async (deriveSignals: boolean): Promise<unknown[]> => {
      const runner = await ChdbRunner.open(join(root, `chdb-${String(deriveSignals)}`));
      try {
        await importIntoClickHouse(bundle(`ch-${String(deriveSignals)}`, true), runner, { deriveSignals });
        return runner.rows("SELECT id, detail FROM eog_signals WHERE extractor = 'metric_anomaly' ORDER BY id");
      } finally {
        runner.close();
      }
    };
    const js = await rows(true);
    expect(js.length).toBeGreaterThan(0);
    expect(await rows(false)).toEqual(js);
  }, 120_000);
});

import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertNezha } from '../../convert/nezha/convert.js';
import { NEZHA_SLICE } from '../../convert/nezha/test-fixtures.js';
import { generateIncident } from '../../generate/index.js';
import { ChdbRunner } from './chdb-runner.js';
import { importIntoClickHouse } from './ingest.js';
import { MAX_LINE_GROUPS } from '../signals/log-templates.js';
import type { ChRow } from './runner.js';
import { ClickHouseEvidenceStore } from './store.js';
import { PLANTED_OPERATIONS, plantedStatementOperations, sampleWithStoppedOperation, STOPPED } from '../stopped-operation-test-support.js';

const SAMPLE = join(import.meta.dirname, '..', '..', '..', 'resources', 'sample');

// One embedded engine per process (chdb): each import gets its own directory, opened in turn.
const root = mkdtempSync(join(tmpdir(), 'eog-chdb-imported-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The bundle imported with the signals derived one way, and the eog_signals rows it stored (ordered by id). */
async function storedSignals(bundle: string, name: string, deriveSignals: boolean): Promise<ChRow[]> {
  const runner = await ChdbRunner.open(join(root, name));
  try {
    await importIntoClickHouse(bundle, runner, { deriveSignals });
    return runner.rows('SELECT * FROM eog_signals ORDER BY id');
  } finally {
    runner.close();
  }
}

describe("an imported bundle's signals derived in ClickHouse SQL", () => {
  it.each([
    ['network_delay', 7],
    ['resource_saturation', 2],
  ] as const)(
    'equal the JavaScript collectors, row for row (generated %s incident)',
    async (fault, seed) => {
      const incident = await generateIncident(join(root, fault), { fault, seed, services: 6 });
      const js = await storedSignals(incident.dir, `${fault}-js`, true);
      const sql = await storedSignals(incident.dir, `${fault}-sql`, false);
      expect([...new Set(js.map((r) => r.extractor))]).toEqual(expect.arrayContaining(['trace_edge', 'metric_anomaly', 'log_template']));
      expect(sql).toEqual(js);
    },
    180_000,
  );

  it('equal the JavaScript collectors on Nezha logs, broken log sequences included', async () => {
    const { bundles } = await convertNezha(NEZHA_SLICE, join(root, 'nezha'));
    let sequences = 0;
    for (const [i, bundle] of bundles.slice(0, 2).entries()) {
      const js = await storedSignals(bundle, `nezha-${i}-js`, true);
      const sql = await storedSignals(bundle, `nezha-${i}-sql`, false);
      expect(sql).toEqual(js);
      sequences += js.filter((r) => String(r.detail).includes('"sequence"')).length;
    }
    // The span-sequence part of the template signal is compared, not absent on both sides.
    expect(sequences).toBeGreaterThan(0);
  }, 300_000);

  it('equal the JavaScript collectors past the line-group cap, on text the group key cuts or does not mask', async () => {
    const dir = join(root, 'flood');
    cpSync(SAMPLE, dir, { recursive: true });
    const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
    const long = 'x'.repeat(2_100);
    const bodies = [
      // Beyond the key's 2,048 code points lines group together; an astral character counts once (four bytes in SQL).
      `${'😀'.repeat(1_500)}${long} one`,
      `${'😀'.repeat(1_500)}${long} two`,
      `${'😀'.repeat(1_000)} alpha`,
      `${'😀'.repeat(1_000)} beta`,
      'Order.java:214 saved order 12 in 3.5 ms',
      'Order.java:215 saved order 99 in 0.25 ms',
      'travel2 v1.2.3 id 0x1f 5f3a9c2e7d1b4a60',
      // More distinct groups than the cap, after those: the last ones go to the overflow template on both roads.
      ...Array.from({ length: MAX_LINE_GROUPS + 50 }, (_, i) => `flood entry ${letters(i)}`),
    ];
    appendFileSync(
      join(dir, 'logs.jsonl'),
      `${bodies.map((body, i) => JSON.stringify({ time: 1772359300000 + (i % 60_000), entity: 'shop/Pod/database-0', severity: 'INFO', body })).join('\n')}\n`,
    );
    const js = await storedSignals(dir, 'flood-js', true);
    const sql = await storedSignals(dir, 'flood-sql', false);
    expect(js.some((r) => String(r.id).endsWith(':0'))).toBe(true);
    expect(sql).toEqual(js);
  }, 180_000);

  it('equal the JavaScript collectors on an operation that stops part-way, spans cut by the window end not counted', async () => {
    const dir = sampleWithStoppedOperation(join(root, 'stopped'));
    const js = await storedSignals(dir, 'stopped-js', true);
    const sql = await storedSignals(dir, 'stopped-sql', false);
    const stopped = js.find((r) => r.extractor === 'trace_fanout' && String(r.detail).includes('"stopped"'));
    expect(JSON.parse(String(stopped?.detail)).stopped).toMatchObject({
      operation: STOPPED.operation,
      kept: STOPPED.kept,
      missing: [STOPPED.missing],
      baselineSpans: STOPPED.baselineSpans,
      windowSpans: STOPPED.windowSpans,
      windowCalls: STOPPED.windowCalls,
    });
    expect(plantedStatementOperations(js.filter((r) => r.extractor === 'log_template').map((r) => String(r.detail)))).toEqual(
      PLANTED_OPERATIONS,
    );
    expect(sql).toEqual(js);
  }, 180_000);

  it('left to the first reader (records only at import) are the ones an import deriving them stores, derived once', async () => {
    const incident = await generateIncident(join(root, 'deferred'), { fault: 'config_change', seed: 3, services: 6 });
    const now = await storedSignals(incident.dir, 'now-sql', false);
    const runner = await ChdbRunner.open(join(root, 'deferred-store'));
    try {
      const summary = await importIntoClickHouse(incident.dir, runner, { signals: 'defer' });
      expect(summary.signals).toBeNull();
      expect(summary.signalsMs).toBe(0);
      expect(runner.rows('SELECT count() AS n FROM eog_signals')[0]?.n).toBe(0);
      expect(runner.rows("SELECT value FROM eog_meta WHERE key = 'signals'")).toEqual([{ value: 'pending' }]);
      const first = new ClickHouseEvidenceStore(runner, 'chdb:deferred');
      expect(first.derivedWarnings).toEqual([]);
      expect(runner.rows('SELECT * FROM eog_signals ORDER BY id')).toEqual(now);
      expect(runner.rows("SELECT value FROM eog_meta WHERE key = 'signals'")).toEqual([{ value: 'derived' }]);
      // A second reader finds them stored and derives nothing (the rows are not doubled).
      new ClickHouseEvidenceStore(runner, 'chdb:deferred');
      expect(runner.rows('SELECT count() AS n FROM eog_signals')[0]?.n).toBe(now.length);
      // Two first readers at once may both store them: a store reads one row per signal id.
      const pages = (store: ClickHouseEvidenceStore) =>
        store.topology().entities.map((e) => ({
          evidence: store.evidenceFor(e.id, store.window(), { limit: 40 }),
          templates: store.series().templates(store.entityKey(e.id)),
        }));
      const single = pages(first);
      expect(single.some((p) => p.evidence.items.length > 0 && p.templates.length > 0)).toBe(true);
      runner.exec('INSERT INTO eog_signals SELECT * FROM eog_signals');
      expect(runner.rows('SELECT count() AS n FROM eog_signals')[0]?.n).toBe(2 * now.length);
      expect(pages(new ClickHouseEvidenceStore(runner, 'chdb:deferred'))).toEqual(single);
    } finally {
      runner.close();
    }
  }, 180_000);
});

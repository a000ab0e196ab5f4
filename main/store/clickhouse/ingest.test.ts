import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { BundleFormatError } from '../../snapshot/errors.js';
import { importBundle } from '../import.js';
import { openEvidenceStore } from '../open.js';
import { storeMigrations } from '../schema.js';
import { ChdbRunner } from './chdb-runner.js';
import { importIntoClickHouse } from './ingest.js';
import { NotAClickHouseStoreError } from './store.js';

// One embedded engine serves the whole file (chdb runs one per process).
const root = mkdtempSync(join(tmpdir(), 'eog-ch-ingest-'));
const engine = join(root, 'chdb');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SAMPLE = join(import.meta.dirname, '..', '..', '..', 'resources', 'sample');

/** The sample bundle plus log lines whose text TSV must escape, one on an entity topology.json does not declare. */
function hostileBundle(): { dir: string; bodies: string[] } {
  const dir = join(root, 'hostile');
  cpSync(SAMPLE, dir, { recursive: true });
  const bodies = [
    'tab\there, newline\nthere, cr\rthere',
    'backslash \\ and \\N and \\t written out',
    'quotes \' " and a tab at the end\t',
    '\\',
    'unicode: 日本語 ✓ \u0000 nul',
  ];
  const lines = bodies.map((body, i) =>
    JSON.stringify({
      time: '2026-03-01T10:01:00.000Z',
      entity: i === 2 ? 'shop/Pod/stray-0' : 'shop/Pod/database-0',
      severity: 'ERROR',
      body,
      attrs: { 'k\tey': 'v\\al' },
    }),
  );
  appendFileSync(join(dir, 'logs.jsonl'), `${lines.join('\n')}\n`);
  return { dir, bodies };
}

type Row = Record<string, unknown>;
const sortRows = (rows: Row[]): Row[] => rows.sort((a, b) => Number(a.line) - Number(b.line));

describe('ClickHouse import through block files', () => {
  it('stores every record as the SQLite import does, across many blocks (an undeclared entity in a later one), hostile text intact', async () => {
    const { dir, bodies } = hostileBundle();
    const sqliteFile = join(root, 'hostile.sqlite');
    await importBundle(dir, sqliteFile, { worker: 'never' });
    const runner = await ChdbRunner.open(engine);
    try {
      const summary = await importIntoClickHouse(dir, runner, { blockRows: 250 });
      expect(summary.clickhouse.rows).toBeGreaterThan(summary.totalRows);
      const db = openDatabase(sqliteFile, storeMigrations, { readonly: true });
      try {
        const eid = 'SELECT eid FROM entities WHERE id = t.entity';
        const tables = {
          logs: ['line', `(${eid}) AS entity`, 'time', 'severity', 'body', 'trace_id', 'span_id'],
          spans: ['line', `(${eid}) AS entity`, 'time', 'duration_ms', 'trace_id', 'span_id', 'parent_span_id', 'name', 'status', 'kind'],
          metrics: ['line', `(${eid}) AS entity`, 'time', 'name', 'value', 'unit', 'labels'],
          events: ['line', `(${eid}) AS entity`, 'time', 'type', 'reason', 'message', 'count'],
          changes: ['line', `(${eid}) AS entity`, 'time', 'kind', 'summary', 'diff', 'actor'],
        };
        for (const [table, columns] of Object.entries(tables)) {
          // The metrics view gives labels as the exporter's column holds them: '' for none.
          const names = columns.map((c) => (c === 'labels' ? "nullIf(labels, '') AS labels" : (c.split(' AS ').pop() as string)));
          const fromSqlite = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} AS t`).all() as Row[];
          const fromEngine = runner.rows(`SELECT ${names.join(', ')} FROM ${table}`) as Row[];
          expect(fromSqlite.length, table).toBeGreaterThan(0);
          expect(sortRows(fromEngine), table).toEqual(sortRows(fromSqlite));
        }
        const stored = runner.rows(
          `SELECT Body, LogAttributes['k\\tey'] AS attr FROM otel_logs WHERE SeverityText = 'ERROR' ORDER BY EogLine`,
        );
        for (const body of bodies) expect(stored.map((r) => r.Body)).toContain(body);
        expect(stored.filter((r) => r.attr === 'v\\al')).toHaveLength(bodies.length);
        const signals = (db.prepare('SELECT count(*) AS n FROM signals').get() as { n: number }).n;
        expect(runner.rows('SELECT count() AS n FROM eog_signals')[0]?.n).toBe(signals);
        expect(runner.rows("SELECT count() AS n FROM system.tables WHERE name = 'eog_ingest_entities'")[0]?.n).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      runner.close();
    }
    const store = await openEvidenceStore({ kind: 'chdb', dir: engine });
    try {
      expect(store.hasEntity('shop/Pod/stray-0')).toBe(true);
    } finally {
      store.close();
    }
  }, 180_000);

  it('names the file and line of a malformed record and leaves no store that opens', async () => {
    const dir = join(root, 'malformed');
    cpSync(SAMPLE, dir, { recursive: true });
    const metrics = readFileSync(join(dir, 'metrics.jsonl'), 'utf8').split('\n');
    metrics[2] = '{"time": "2026-03-01T09:00:00Z", "entity": "shop/Pod/database-0", "name": "cpu", "value": "high"}';
    writeFileSync(join(dir, 'metrics.jsonl'), metrics.join('\n'));
    const runner = await ChdbRunner.open(engine);
    let error: unknown;
    try {
      await importIntoClickHouse(dir, runner, { blockRows: 2 });
    } catch (e) {
      error = e;
    } finally {
      runner.close();
    }
    expect(error).toBeInstanceOf(BundleFormatError);
    expect((error as BundleFormatError).file).toBe('metrics.jsonl');
    expect((error as BundleFormatError).line).toBe(3);
    await expect(openEvidenceStore({ kind: 'chdb', dir: engine })).rejects.toBeInstanceOf(NotAClickHouseStoreError);
  }, 120_000);
});

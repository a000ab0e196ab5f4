import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/open.js';
import { BundleFormatError } from '../../snapshot/errors.js';
import { importBundle } from '../import.js';
import { openEvidenceStore } from '../open.js';
import { storeMigrations } from '../schema.js';
import { parseStoreSpec, type StoreSpec } from '../spec.js';
import { ChdbRunner } from './chdb-runner.js';
import { HttpRunner } from './http-runner.js';
import { startFront } from './testing/start-front.js';
import type { ChRunner } from './runner.js';
import { importIntoClickHouse } from './ingest.js';
import { CH_RESOURCES } from './schema.js';
import { NotAClickHouseStoreError } from './store.js';

// One embedded engine serves the whole file (chdb runs one per process).
const root = mkdtempSync(join(tmpdir(), 'eog-ch-ingest-'));
const engine = join(root, 'chdb');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SAMPLE = join(import.meta.dirname, '..', '..', '..', 'resources', 'sample');

/** The sample bundle plus log lines whose text TSV must escape, one on an entity topology.json does not declare. */
function hostileBundle(name = 'hostile'): { dir: string; bodies: string[] } {
  const dir = join(root, name);
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
type ServerSpec = Extract<StoreSpec, { kind: 'clickhouse' }>;
const sortRows = (rows: Row[]): Row[] => rows.sort((a, b) => Number(a.line) - Number(b.line));

/** Every record of the SQLite store is in the engine's tables, column for column. */
function expectSameRecords(db: Db, runner: ChRunner): void {
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
}

describe('ClickHouse import through block files (the record reader, signals by the JavaScript collectors)', () => {
  it('stores every record as the SQLite import does, across many blocks (an undeclared entity in a later one), hostile text intact', async () => {
    const { dir, bodies } = hostileBundle();
    const sqliteFile = join(root, 'hostile.sqlite');
    await importBundle(dir, sqliteFile, { worker: 'never' });
    const runner = await ChdbRunner.open(engine);
    try {
      const summary = await importIntoClickHouse(dir, runner, { blockRows: 250, deriveSignals: true });
      expect(summary.clickhouse.rows).toBeGreaterThan(summary.totalRows);
      const db = openDatabase(sqliteFile, storeMigrations, { readonly: true });
      try {
        expectSameRecords(db, runner);
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

function expectSameAsSqlite(sqliteFile: string, runner: ChRunner): void {
  const db = openDatabase(sqliteFile, storeMigrations, { readonly: true });
  try {
    expectSameRecords(db, runner);
  } finally {
    db.close();
  }
}

/** The exporter tables' rows as an import wrote them, every column. */
const telemetry = (runner: ChRunner): Record<string, Row[]> => ({
  otel_logs: runner.rows('SELECT *, EogEntity FROM otel_logs ORDER BY EogLine') as Row[],
  otel_traces: runner.rows('SELECT *, EogEntity FROM otel_traces ORDER BY EogLine') as Row[],
});

const LOG = { time: '2026-03-01T10:01:00.000Z', entity: 'shop/Pod/database-0', severity: 'ERROR', body: 'timeout' };
const SPAN = {
  traceId: 'tx',
  spanId: 'sx',
  entity: 'shop/Pod/database-0',
  name: 'query',
  start: '2026-03-01T10:01:00.000Z',
  durationMs: 5,
  status: 'error',
};
const METRIC = { time: '2026-03-01T10:01:00.000Z', entity: 'shop/Pod/database-0', name: 'cpu_usage', value: 0.5, unit: 'cores' };
const json = (value: object): string => JSON.stringify(value);
/** A metric line whose labels are this JSON text as written (JSON.stringify would reorder or merge keys). */
const metricWithLabels = (labels: string): string => `${json(METRIC).slice(0, -1)},"labels":${labels}}`;

/**
 * Lines the engine's own read must treat as the record reader does: the same rows, or the
 * same error. `file` gets `text` inserted as its third line; `reads`, given for the lines the
 * record reader accepts and only for them: whether the engine keeps the file (false: it gives
 * the file to the record reader).
 */
const EDGE_CASES: { name: string; reads?: boolean; file: 'logs.jsonl' | 'spans.jsonl' | 'metrics.jsonl'; text: string }[] = [
  { name: 'a quoted number', file: 'spans.jsonl', text: json({ ...SPAN, durationMs: '5' }) },
  { name: 'a negative duration', file: 'spans.jsonl', text: json({ ...SPAN, durationMs: -1 }) },
  { name: 'a status outside the enum', file: 'spans.jsonl', text: json({ ...SPAN, status: 'OK' }) },
  { name: 'null in an optional field', file: 'spans.jsonl', text: json({ ...SPAN, parentSpanId: null }) },
  { name: 'no span name', file: 'spans.jsonl', text: json({ ...SPAN, name: undefined }) },
  { name: 'an empty span name', reads: true, file: 'spans.jsonl', text: json({ ...SPAN, name: '' }) },
  { name: 'a time without zone', file: 'logs.jsonl', text: json({ ...LOG, time: '2026-03-01T10:01:00' }) },
  { name: 'lower-case t and z', reads: true, file: 'logs.jsonl', text: json({ ...LOG, time: '2026-03-01t10:01:00.5z' }) },
  { name: 'an offset, no seconds', reads: true, file: 'logs.jsonl', text: json({ ...LOG, time: '2026-03-01 10:01+05:30' }) },
  { name: 'nine fraction digits', reads: true, file: 'logs.jsonl', text: json({ ...LOG, time: '2026-03-01T10:01:00.123456789-0100' }) },
  { name: 'epoch milliseconds', reads: true, file: 'logs.jsonl', text: json({ ...LOG, time: 1772359260000.5 }) },
  { name: 'an impossible date', file: 'logs.jsonl', text: json({ ...LOG, time: '2026-02-30T10:01:00Z' }) },
  { name: 'second 60', file: 'logs.jsonl', text: json({ ...LOG, time: '2026-03-01T10:01:60Z' }) },
  { name: 'no body', file: 'logs.jsonl', text: json({ ...LOG, body: undefined }) },
  { name: 'a number for an entity', file: 'logs.jsonl', text: json({ ...LOG, entity: 5 }) },
  { name: 'a boolean severity', file: 'logs.jsonl', text: json({ ...LOG, severity: true }) },
  { name: 'unknown fields', reads: true, file: 'logs.jsonl', text: json({ ...LOG, extra: [1, { a: 2 }] }) },
  { name: 'attributes that are not strings', reads: false, file: 'logs.jsonl', text: json({ ...LOG, attrs: { n: 1, s: 'x' } }) },
  { name: 'a blank line', reads: false, file: 'logs.jsonl', text: '' },
  { name: 'a line of spaces', file: 'logs.jsonl', text: '   ' },
  { name: 'two records on one line', file: 'logs.jsonl', text: `${json(LOG)} ${json(LOG)}` },
  { name: 'a CRLF line ending', reads: true, file: 'logs.jsonl', text: `${json(LOG)}\r` },
  { name: 'a duration past the float range', file: 'spans.jsonl', text: json(SPAN).replace('"durationMs":5', '"durationMs":1e999') },
  { name: 'an epoch time past the float range', file: 'logs.jsonl', text: json(LOG).replace('"2026-03-01T10:01:00.000Z"', '1e999') },
  { name: 'a metric without labels', reads: true, file: 'metrics.jsonl', text: json(METRIC) },
  { name: 'empty labels', reads: true, file: 'metrics.jsonl', text: metricWithLabels('{}') },
  {
    name: 'labels JSON.stringify writes as they came',
    reads: true,
    file: 'metrics.jsonl',
    text: metricWithLabels(String.raw`{"app.kubernetes.io/name":"db","q\"\\":"\u00e9","z":"","a":"x y"}`),
  },
  { name: 'a label key like an array index', reads: false, file: 'metrics.jsonl', text: metricWithLabels('{"b":"x","10":"y"}') },
  { name: 'a repeated label key', reads: false, file: 'metrics.jsonl', text: metricWithLabels('{"a":"x","b":"y","a":"z"}') },
  { name: 'a control character in a label', reads: false, file: 'metrics.jsonl', text: metricWithLabels(String.raw`{"a":"x\ty"}`) },
  { name: 'a label that is not a string', file: 'metrics.jsonl', text: metricWithLabels('{"a":"x","n":1}') },
  { name: 'null labels', file: 'metrics.jsonl', text: metricWithLabels('null') },
  { name: 'labels as a string', file: 'metrics.jsonl', text: metricWithLabels('"{}"') },
  { name: 'labels as a nested object', file: 'metrics.jsonl', text: metricWithLabels('{"a":{"b":"c"}}') },
  { name: 'a quoted metric value', file: 'metrics.jsonl', text: json({ ...METRIC, value: '0.5' }) },
  { name: 'a null unit', file: 'metrics.jsonl', text: json({ ...METRIC, unit: null }) },
  {
    name: 'an integer metric value past 2^53',
    reads: true,
    file: 'metrics.jsonl',
    text: json(METRIC).replace('"value":0.5', '"value":9007199254740993'),
  },
];

type Outcome = { error: { file: string | null; line: number | null; message: string } | null };
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return { error: null };
  } catch (error) {
    if (!(error instanceof BundleFormatError)) throw error;
    return { error: { file: error.file, line: error.line, message: error.message } };
  }
}

describe('ClickHouse import: the engine reads the large record files itself', () => {
  it('writes the rows the block path writes, hostile text and an undeclared entity included', async () => {
    const { dir } = hostileBundle();
    const sqliteFile = join(root, 'direct.sqlite');
    await importBundle(dir, sqliteFile, { worker: 'never' });
    const runner = await ChdbRunner.open(engine);
    try {
      await importIntoClickHouse(dir, runner, { deriveSignals: true, blockRows: 1000 });
      const blocks = telemetry(runner);
      const summary = await importIntoClickHouse(dir, runner, { deriveSignals: false });
      expect(summary.engineReads.map((r) => [r.file, r.refused])).toEqual([
        ['logs.jsonl', null],
        ['metrics.jsonl', null],
        ['spans.jsonl', null],
      ]);
      expect(telemetry(runner)).toEqual(blocks);
      const stray = runner.rows("SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel_logs WHERE EogEntity = 'shop/Pod/stray-0'");
      expect(stray.map((r) => r.pod)).toEqual(['stray-0']);
      // The exporter's columns no bundle fills read as empty, and the engine stores nothing for them.
      const unfilled = runner.rows(
        'SELECT SpanAttributes AS attrs, `Events.Name` AS events, `Links.TraceId` AS links, ScopeName AS scope FROM otel_traces LIMIT 1',
      );
      expect(unfilled).toEqual([{ attrs: {}, events: [], links: [], scope: '' }]);
      const aliases = runner.rows(
        "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'otel_traces' AND default_kind = 'ALIAS'",
      );
      expect(aliases.map((r) => r.name)).toEqual(
        expect.arrayContaining(['Events.Name', 'Links.Attributes', 'SpanAttributes', 'TraceState', 'ServiceName', 'ResourceAttributes']),
      );
      // Each entity's resources are stored once, and every row of it reads them.
      expect(runner.rows(`SELECT count() AS n FROM ${CH_RESOURCES} WHERE EogEntity = 'shop/Pod/stray-0'`)).toEqual([{ n: 1 }]);
      const db = openDatabase(sqliteFile, storeMigrations, { readonly: true });
      try {
        expectSameRecords(db, runner);
        expect(summary.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'logs.jsonl' })]));
      } finally {
        db.close();
      }
    } finally {
      runner.close();
    }
    // The resources outlive the session that imported them, and read the same from another current database.
    const reopened = await ChdbRunner.open(engine);
    try {
      const stray = `SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM ${reopened.database}.otel_logs WHERE EogEntity = 'shop/Pod/stray-0' LIMIT 1`;
      expect(reopened.rows(stray)).toEqual([{ pod: 'stray-0' }]);
      reopened.exec('USE system');
      expect(reopened.rows(stray)).toEqual([{ pod: 'stray-0' }]);
      reopened.exec(`USE ${reopened.database}`);
    } finally {
      reopened.close();
    }
  }, 180_000);

  it('refuses a numeric time in seconds as the record reader does, and warns of far times with the same counts', async () => {
    const dir = join(root, 'units');
    cpSync(SAMPLE, dir, { recursive: true });
    const original = readFileSync(join(dir, 'logs.jsonl'), 'utf8');
    const lines = original.split('\n');
    const at = (i: number, time: number | string): string => JSON.stringify({ ...(JSON.parse(lines[i] ?? '{}') as object), time });
    const spans = readFileSync(join(dir, 'spans.jsonl'), 'utf8').split('\n');
    spans[4] = JSON.stringify({ ...(JSON.parse(spans[4] ?? '{}') as object), start: 86_400_000 });
    writeFileSync(join(dir, 'spans.jsonl'), spans.join('\n'));
    lines[5] = at(5, '2200-01-01T00:00:00Z');
    lines[9] = at(9, -1000);
    writeFileSync(join(dir, 'logs.jsonl'), lines.join('\n'));
    const far = (summary: { warnings: { file: string; line: number | null; message: string }[] }) =>
      summary.warnings.filter((w) => w.message.includes('1990–2100'));
    const fromSqlite = far(await importBundle(dir, join(root, 'units.sqlite'), { worker: 'never' }));
    expect(fromSqlite.map((w) => [w.file, w.line, w.message.split(' ')[0]])).toEqual([
      ['logs.jsonl', 6, '2'],
      ['spans.jsonl', 5, '1'],
    ]);
    const runner = await ChdbRunner.open(engine);
    try {
      const summary = await importIntoClickHouse(dir, runner, { deriveSignals: false });
      expect(summary.engineReads.map((r) => r.refused)).toEqual([null, null, null]);
      expect(far(summary)).toEqual(fromSqlite);
      lines[7] = at(7, Date.parse('2026-03-01T09:00:00Z') / 1000);
      writeFileSync(join(dir, 'logs.jsonl'), lines.join('\n'));
      const expected = await outcomeOf(() => importBundle(dir, join(root, 'units-s.sqlite'), { worker: 'never' }));
      expect(expected.error).toMatchObject({ file: 'logs.jsonl', line: 8, message: expect.stringContaining('looks like epoch seconds') });
      expect(await outcomeOf(() => importIntoClickHouse(dir, runner, { deriveSignals: false }))).toEqual(expected);
    } finally {
      runner.close();
    }
  }, 240_000);

  it('reads gzipped files too (chdb and a server), and leaves a corrupt one to the record reader', async () => {
    const { dir } = hostileBundle('hostile-gz');
    for (const kind of ['logs', 'metrics', 'spans']) {
      writeFileSync(join(dir, `${kind}.jsonl.gz`), gzipSync(readFileSync(join(dir, `${kind}.jsonl`))));
      rmSync(join(dir, `${kind}.jsonl`));
    }
    const sqliteFile = join(root, 'direct-gz.sqlite');
    await importBundle(dir, sqliteFile, { worker: 'never' });
    const chdb = await ChdbRunner.open(engine);
    try {
      const summary = await importIntoClickHouse(dir, chdb, { deriveSignals: false });
      expect(summary.engineReads.map((r) => [r.file, r.refused])).toEqual([
        ['logs.jsonl.gz', null],
        ['metrics.jsonl.gz', null],
        ['spans.jsonl.gz', null],
      ]);
      expectSameAsSqlite(sqliteFile, chdb);
    } finally {
      chdb.close();
    }
    const front = await startFront(join(root, 'front-gz'), 'incidents', {});
    try {
      const server = HttpRunner.open(parseStoreSpec(`clickhouse://default@127.0.0.1:${front.port}/incidents`) as ServerSpec);
      try {
        const summary = await importIntoClickHouse(dir, server, { deriveSignals: false });
        expect(summary.engineReads.map((r) => r.refused)).toEqual([null, null, null]);
        expectSameAsSqlite(sqliteFile, server);
        // The resources are read from the table of the database the store is in.
        const pod = server.rows("SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel_logs WHERE EogEntity = 'shop/Pod/stray-0'");
        expect(pod).toEqual([{ pod: 'stray-0' }]);
      } finally {
        server.close();
      }
    } finally {
      front.stop();
    }
    const logs = readFileSync(join(dir, 'logs.jsonl.gz'));
    writeFileSync(join(dir, 'logs.jsonl.gz'), logs.subarray(0, logs.length - 20));
    const expected = await outcomeOf(() => importBundle(dir, join(root, 'truncated.sqlite'), { worker: 'never' }));
    expect(expected.error?.message).toMatch(/gzip/);
    const again = await ChdbRunner.open(engine);
    try {
      expect(await outcomeOf(() => importIntoClickHouse(dir, again, { deriveSignals: false }))).toEqual(expected);
    } finally {
      again.close();
    }
  }, 240_000);

  it('reads them through a server too (the body of an INSERT over loopback HTTP, rows numbered as they arrive)', async () => {
    const { dir } = hostileBundle();
    const sqliteFile = join(root, 'direct-http.sqlite');
    await importBundle(dir, sqliteFile, { worker: 'never' });
    const front = await startFront(join(root, 'front'), 'incidents', {});
    try {
      const runner = HttpRunner.open(parseStoreSpec(`clickhouse://default@127.0.0.1:${front.port}/incidents`) as ServerSpec);
      try {
        const summary = await importIntoClickHouse(dir, runner, { deriveSignals: false });
        expect(summary.engineReads.map((r) => r.refused)).toEqual([null, null, null]);
        expectSameAsSqlite(sqliteFile, runner);
      } finally {
        runner.close();
      }
    } finally {
      front.stop();
    }
  }, 180_000);

  it.each(EDGE_CASES)(
    'treats $name as the record reader does',
    async ({ name, reads, file, text }) => {
      const dir = join(root, `edge-${name.replace(/\W+/g, '-')}`);
      cpSync(SAMPLE, dir, { recursive: true });
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      lines.splice(2, 0, text);
      writeFileSync(join(dir, file), lines.join('\n'));
      const sqliteFile = join(dir, 'store.sqlite');
      const expected = await outcomeOf(() => importBundle(dir, sqliteFile, { worker: 'never' }));
      const runner = await ChdbRunner.open(engine);
      try {
        let refused: (string | null)[] = [];
        const got = await outcomeOf(async () => {
          const summary = await importIntoClickHouse(dir, runner, { deriveSignals: false });
          refused = summary.engineReads.filter((r) => r.file === file).map((r) => r.refused);
        });
        expect(got).toEqual(expected);
        // A case that names whether the engine keeps the file is one the record reader accepts; the others it refuses.
        expect(expected.error === null).toBe(reads !== undefined);
        if (expected.error) return;
        expect(refused).toHaveLength(1);
        expect(refused[0] === null).toBe(reads);
        expectSameAsSqlite(sqliteFile, runner);
      } finally {
        runner.close();
      }
    },
    60_000,
  );
});

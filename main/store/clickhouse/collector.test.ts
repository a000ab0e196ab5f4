import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../../core/policy/heuristic/index.js';
import { readStructuredLine } from '../../../core/signals/logs/structured.js';
import { generateIncident } from '../../generate/index.js';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { importToStore, openEvidenceStore } from '../open.js';
import { ChdbRunner } from './chdb-runner.js';
import { derivedSignals } from './derive/collector.js';
import { arrivalKey, arrivalPair } from './derive/logs.js';
import { SqlPeriods } from './derive/periods.js';
import type { ChRow } from './runner.js';
import { adoptCollectorDatabase } from './derive/views.js';
import { EXPORTER_DDL, writeAsCollector } from './testing/collector-writer.js';

// One embedded engine serves the whole file (chdb runs one per process); each test its own directory.
const root = mkdtempSync(join(tmpdir(), 'eog-chdb-collector-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const serviceOf = (entity: string): string => (entity.split('/').pop() ?? '').replace(/-[0-9a-f]{9}-[0-9a-z]{5}$/, '');

describe('a database only the OpenTelemetry Collector wrote (no eog import)', () => {
  it('is investigated where it is: entities from resource attributes, signals computed by ClickHouse, the injected root found', async () => {
    const incident = await generateIncident(join(root, 'bundle'), { fault: 'network_delay', seed: 7, services: 6 });
    const dir = join(root, 'collector');
    const runner = await ChdbRunner.open(dir);
    try {
      expect(writeAsCollector(runner, incident.dir)).toBeGreaterThan(10_000);
    } finally {
      runner.close();
    }
    const store = await openEvidenceStore({ kind: 'chdb', dir });
    try {
      const topology = store.topology();
      // Pods, their services, replica sets, deployments and nodes, as the resource attributes state them.
      expect(topology.entities.map((e) => e.id)).toContain(incident.rootCause);
      expect(new Set(topology.entities.map((e) => e.kind))).toEqual(new Set(['Pod', 'Service', 'ReplicaSet', 'Deployment', 'Node']));
      expect(topology.edges.some((e) => e.relation === 'calls')).toBe(true);
      const page = store.evidenceFor(incident.rootCause, store.window(), { limit: 5 });
      expect(page.items[0]?.provenance.extractor).toBe('metric_anomaly');
      expect(page.items.some((i) => i.provenance.extractor === 'trace_edge')).toBe(true);
      const raw = store
        .evidenceFor(incident.rootCause, store.window(), { limit: 3, kinds: ['span'] })
        .items.find((i) => i.id.startsWith('span:'));
      // Rows the Collector wrote carry no bundle line; a row key keeps their evidence ids apart and findable.
      if (raw) expect(store.evidenceById(raw.id)).toEqual(raw);
    } finally {
      store.close();
    }
    const { diagnosis } = await investigateSnapshot(`chdb:${dir}`, { policy: createHeuristicPolicy() });
    expect(diagnosis.frontier.map(serviceOf)).toContain(serviceOf(incident.rootCause));
  }, 240_000);

  it('derives the signals an import stores, on the same rows and window', async () => {
    const incident = await generateIncident(join(root, 'parity'), { fault: 'resource_saturation', seed: 2, services: 5 });
    const dir = join(root, 'imported');
    await importToStore(incident.dir, { kind: 'chdb', dir });
    const store = await openEvidenceStore({ kind: 'chdb', dir });
    const [topology, window] = [store.topology(), store.windowInfo()];
    store.close();
    const runner = await ChdbRunner.open(dir);
    try {
      const detailOf = (rows: ChRow[], extractor: string): Map<string, unknown> =>
        new Map(rows.filter((r) => r.extractor === extractor).map((r) => [String(r.id), JSON.parse(String(r.detail))]));
      const imported = runner.rows('SELECT id, extractor, detail FROM eog_signals');
      const derived = derivedSignals(runner, new SqlPeriods(window), { topology, extent: null });
      for (const extractor of ['trace_edge', 'metric_anomaly']) {
        const [a, b] = [detailOf(imported, extractor), detailOf(derived, extractor)];
        expect(a.size).toBeGreaterThan(0);
        expect(b, extractor).toEqual(a);
      }
      // A Collector database has no bundle lines: rows count as seen in time order, not in the
      // file's order, which may number templates and pick examples differently; the templates
      // and their counts are the same.
      const counted = (rows: ChRow[]): string[] =>
        [...detailOf(rows, 'log_template').values()]
          .map((d) => {
            const { template, windowCount, baselineCount } = d as { template: string; windowCount: number; baselineCount: number };
            return `${template} ${windowCount}/${baselineCount}`;
          })
          .sort();
      expect(counted(imported).length).toBeGreaterThan(0);
      expect(counted(derived)).toEqual(counted(imported));
    } finally {
      runner.close();
    }
  }, 240_000);

  it('orders rows seen in time order by (time, line), packed into one number', async () => {
    const runner = await ChdbRunner.open(join(root, 'arrival'));
    try {
      // Negative and far times, ties broken by the line, lines up to the 53-bit row key's largest.
      const rows: [number, number][] = [
        [1_700_000_000_000, 5],
        [1_700_000_000_000, 2],
        [1_700_000_000_000, 9_007_199_254_740_991],
        [-86_400_000, 7],
        [-86_400_000, 0],
        [0, 3],
        [9_000_000_000_000_000, 1],
        [-9_000_000_000_000_000, 4],
        [1_699_999_999_999, 9_007_199_254_740_991],
      ];
      const table = `(SELECT t.1 AS time, toUInt64(t.2) AS line FROM (SELECT arrayJoin([${rows.map(([t, l]) => `(${t}, ${l})`).join(', ')}]) AS t))`;
      const key = arrivalKey('time');
      const got = runner.rows(`SELECT ${arrivalPair('time', key)} AS p FROM ${table} ORDER BY ${key}`).map((r) => r.p);
      const want = [...rows].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(got).toEqual(want);
      // The earliest row by the packed key is the earliest (time, line).
      expect(runner.rows(`SELECT ${arrivalPair('time', `min(${key})`)} AS p FROM ${table}`)[0]?.p).toEqual(want[0]);
    } finally {
      runner.close();
    }
  });
  it('opens with the window the user places (--window, --incident-time): refused outside the telemetry and for an imported store', async () => {
    const incident = await generateIncident(join(root, 'placed'), { fault: 'code_error', seed: 3, services: 4 });
    const dir = join(root, 'placed-db');
    const runner = await ChdbRunner.open(dir);
    try {
      writeAsCollector(runner, incident.dir);
    } finally {
      runner.close();
    }
    const onset = Date.parse(incident.onset);
    const window = { start: onset - 10 * 60_000, end: onset + 10 * 60_000 };
    const recent = await openEvidenceStore({ kind: 'chdb', dir });
    const placed = await openEvidenceStore({ kind: 'chdb', dir }, { window: { window, incidentTime: onset } });
    const around = await openEvidenceStore({ kind: 'chdb', dir }, { window: { incidentTime: onset } });
    try {
      expect(recent.windowInfo().source).toBe('extent');
      expect(placed.windowInfo()).toMatchObject({ window, source: 'chosen', incidentTime: onset });
      // The baseline is the time before the window, bounded as the recent window's is.
      const baseline = placed.windowInfo().baseline;
      expect(baseline?.end).toBe(window.start - 1);
      expect(window.start - (baseline?.start ?? 0)).toBeLessThanOrEqual(2 * 60 * 60_000);
      // An incident time alone: ± 15 minutes, as a bundle's snapshot.json incident time.
      expect(around.windowInfo().window).toEqual({ start: onset - 15 * 60_000, end: onset + 15 * 60_000 });
      // Another window is another investigation: the ledger's snapshot hash tells them apart.
      expect(placed.snapshotHash()).not.toBe(recent.snapshotHash());
      expect(placed.snapshotHash()).not.toBe(around.snapshotHash());
    } finally {
      for (const s of [recent, placed, around]) s.close();
    }
    const far = { start: Date.parse('2001-01-01T00:00:00Z'), end: Date.parse('2001-01-01T00:30:00Z') };
    await expect(openEvidenceStore({ kind: 'chdb', dir }, { window: { window: far } })).rejects.toThrow(
      /the chosen window 2001-01-01T00:00:00.000Z\/2001-01-01T00:30:00.000Z holds no telemetry: the database's telemetry spans /,
    );
    const imported = join(root, 'placed-imported');
    await importToStore(incident.dir, { kind: 'chdb', dir: imported });
    await expect(openEvidenceStore({ kind: 'chdb', dir: imported }, { window: { window } })).rejects.toThrow(/window was fixed at import/);
    const { diagnosis } = await investigateSnapshot(`chdb:${dir}`, {
      policy: createHeuristicPolicy(),
      window: { window, incidentTime: onset },
    });
    expect(diagnosis.frontier.map(serviceOf)).toContain(serviceOf(incident.rootCause));
  }, 240_000);

  it('reads JSON log bodies with no stated severity as the converters read them, line by line', async () => {
    const lines = [
      '{"level":"error","msg":"request failed","error":"dial tcp 10.0.0.7:7070: connection refused","ts":"2026-03-01T09:00:01Z"}',
      '{"severity":"INFO","message":"TraceID: 04c87ec97bae041b1b15b3c7676a43cc SpanID: e4006dce6700e903 Query Recommendations\n","name":"recommendationservice-server"}',
      '{"level":50,"time":1661145522908,"msg":"payment declined","err":"card expired"}',
      '{"@l":"Warning","@mt":"Cart {CartId} not found","CartId":"c-17"}',
      '{"Level":"SEVERE","Message":"Mixed-case keys"}',
      '{"level":"chatty","msg":"not a level word"}',
      '{"level":true,"msg":"not a level either","exception":{"nested":"skipped"},"reason":"\\u00e9t\\u00e9 \\"quoted\\""}',
      '{"msg":"no level","error":null,"cause":12.5}',
      '{"level":"error"}',
      '  {"lvl":"dbug","msg":"padded"}  \n',
      '{"level":"error","msg":cut off',
      '[1, 2, 3]',
      'plain text ERROR line',
      '{"msg":"<script>alert(1)</script>","level":"fatal"}',
    ];
    const runner = await ChdbRunner.open(join(root, 'json-logs'));
    try {
      for (const sql of EXPORTER_DDL) runner.exec(sql);
      const rows = lines.map((body, i) => [`2026-03-01 09:00:${String(i + 1).padStart(2, '0')}`, '', 0, body]);
      rows.push(['2026-03-01 09:00:40', 'Information', 0, '{"level":"error","msg":"stated text wins"}']);
      rows.push(['2026-03-01 09:00:41', '', 17, '{"level":"info","msg":"stated number wins"}']);
      runner.insert(
        'otel_logs',
        ['Timestamp', 'SeverityText', 'SeverityNumber', 'Body'],
        Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')),
      );
      adoptCollectorDatabase(runner);
      const expected = lines.map((line) => {
        const read = readStructuredLine(line);
        return { severity: read?.severity ?? null, body: read?.body ?? line };
      });
      expect(runner.rows('SELECT severity, body FROM logs ORDER BY time')).toEqual([
        ...expected,
        { severity: 'Information', body: '{"level":"error","msg":"stated text wins"}' },
        { severity: 'ERROR', body: '{"level":"info","msg":"stated number wins"}' },
      ]);
      // The first line: an error whose cause stays in the body, as rules read it.
      expect(expected[0]).toEqual({ severity: 'ERROR', body: 'request failed error=dial tcp 10.0.0.7:7070: connection refused' });
    } finally {
      runner.close();
    }
  });

  it('creates a table the exporter has not made yet with every exporter column stored, so the exporter can still write there', async () => {
    const runner = await ChdbRunner.open(join(root, 'partial'));
    try {
      const logsDdl = EXPORTER_DDL.find((sql) => sql.includes('CREATE TABLE otel_logs'));
      if (!logsDdl) throw new Error('no exporter DDL for otel_logs');
      runner.exec(logsDdl);
      adoptCollectorDatabase(runner);
      const aliases = runner.rows(
        "SELECT table, name FROM system.columns WHERE database = currentDatabase() AND table LIKE 'otel_%' AND default_kind = 'ALIAS'",
      );
      expect(aliases).toEqual([]);
      const row = ['2026-03-01 09:00:00', 'trace-1', 'span-1', 'GET /', ['exception'], { 'http.status_code': '500' }];
      runner.insert(
        'otel_traces',
        ['Timestamp', 'TraceId', 'SpanId', 'SpanName', 'Events.Name', 'SpanAttributes'],
        Buffer.from(JSON.stringify(row)),
      );
      expect(runner.rows("SELECT `Events.Name` AS events, SpanAttributes['http.status_code'] AS code FROM otel_traces")).toEqual([
        { events: ['exception'], code: '500' },
      ]);
    } finally {
      runner.close();
    }
  });

  it("reads a log's severity from its number when the Collector stored no text, as the OTLP converter does", async () => {
    const runner = await ChdbRunner.open(join(root, 'severity'));
    try {
      for (const sql of EXPORTER_DDL) runner.exec(sql);
      const rows = [
        ['2026-03-01 09:00:01', '', 17, 'redis: connection refused'],
        ['2026-03-01 09:00:02', 'Information', 9, 'stated text wins'],
        ['2026-03-01 09:00:03', '', 0, 'no severity at all'],
        ['2026-03-01 09:00:04', '', 24, 'fatal by number'],
      ];
      runner.insert(
        'otel_logs',
        ['Timestamp', 'SeverityText', 'SeverityNumber', 'Body'],
        Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')),
      );
      adoptCollectorDatabase(runner);
      expect(runner.rows('SELECT severity, body FROM logs ORDER BY time')).toEqual([
        { severity: 'ERROR', body: 'redis: connection refused' },
        { severity: 'Information', body: 'stated text wins' },
        { severity: null, body: 'no severity at all' },
        { severity: 'FATAL', body: 'fatal by number' },
      ]);
    } finally {
      runner.close();
    }
  });
});

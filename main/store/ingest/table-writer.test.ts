import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordFiles, type RecordFileName } from '../../../core/snapshot/schema.js';
import { openDatabase } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import { parseRecordLine } from '../../snapshot/records.js';
import { rawColumnTypes, storeMigrations } from '../schema.js';
import { rowWidth, TableWriter } from './table-writer.js';

const T = '2026-03-01T10:00:00Z';
/** Two records per kind: every optional field set (odd values), then only the required ones. */
const records: Record<RecordFileName, [object, object]> = {
  alerts: [
    {
      name: 'HighLatency',
      entity: 'shop/Service/cart',
      severity: 'critical',
      startsAt: T,
      endsAt: 1_772_400_000_000,
      summary: 'p95 ✓ up',
      labels: { team: 'a' },
      extra: -1.5,
    },
    { name: 'x', entity: 'shop/Service/cart', severity: 's', startsAt: -5 },
  ],
  events: [
    { time: T, entity: 'shop/Pod/cart-1', type: 'Warning', reason: 'OOMKilling', message: '', count: 3, note: null },
    { time: 0, entity: 'shop/Pod/cart-1', type: 'Normal', reason: '', message: 'ok' },
  ],
  logs: [
    {
      time: T,
      entity: 'shop/Service/cart',
      severity: 'ERROR',
      body: 'émoji 😀 "quoted"',
      traceId: 't',
      spanId: 's',
      attrs: { a: [1] },
      pod: 'p',
    },
    { time: 1, entity: 'shop/Pod/cart-1', body: '' },
  ],
  metrics: [
    { time: T, entity: 'shop/Service/cart', name: 'cpu', value: -0.25, unit: '%', labels: { k: 'v' }, extra: true },
    { time: 2, entity: 'shop/Service/cart', name: 'mem', value: 0 },
  ],
  spans: [
    {
      traceId: 't1',
      spanId: 's1',
      parentSpanId: 's0',
      entity: 'shop/Service/cart',
      name: 'GET',
      start: T,
      durationMs: 1.5,
      status: 'error',
      statusMessage: 'boom',
      kind: 'server',
      x: 1,
    },
    { traceId: 't1', spanId: 's2', entity: 'shop/Service/cart', name: '', start: 3, durationMs: 0, status: 'unset' },
  ],
  changes: [
    {
      time: T,
      entity: 'shop/Deployment/cart',
      kind: 'config',
      summary: 'pool',
      diff: [{ path: 'p', from: 1, to: 2 }],
      actor: 'me',
      y: 'z',
    },
    { time: 4, entity: 'shop/Deployment/cart', kind: 'other', summary: '' },
  ],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('table writer', () => {
  it('covers every record kind, and the record rows match the declared column types', () => {
    expect(Object.keys(rawColumnTypes).sort()).toEqual(Object.keys(recordFiles).sort());
    for (const kind of Object.keys(records) as RecordFileName[]) {
      for (const record of records[kind]) {
        const row = parseRecordLine(kind, JSON.stringify(record), `${kind}.jsonl`, 1);
        expect(row.length + 1).toBe(rowWidth(kind));
        row.slice(1).forEach((cell, i) => {
          if (cell !== null) expect(typeof cell === 'string' ? 's' : 'n').toBe(rawColumnTypes[kind][i]);
        });
      }
    }
  });

  it('stores the rows as parsed, with lines and entity keys, across full and partial batches; asks each entity once per file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eog-writer-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'store.sqlite'), storeMigrations);
    try {
      const kinds = Object.keys(records) as RecordFileName[];
      const fileIds = Object.fromEntries(kinds.map((k, i) => [k, i + 1]));
      const asked: string[] = [];
      const done: string[] = [];
      let stored = 0;
      const keyOf = (id: string): number => (id === 'shop/Pod/cart-1' ? 7 : id.length);
      const writer = new TableWriter(
        db,
        fileIds,
        {
          resolveEntity: (id, fileId, rel, line) => {
            asked.push(`${rel}:${line} ${id} ${fileId}`);
            return keyOf(id);
          },
          onRows: (_, rows) => (stored += rows),
          onFileDone: (file, d) => done.push(`${file.rel} ${d.rows}`),
        },
        2,
      );
      for (const kind of kinds) {
        const file: RecordFile = { kind, path: '', rel: `${kind}.jsonl`, gzip: false };
        const rows = [...records[kind], records[kind][0]].map((r, i) => ({
          line: 10 + i,
          row: parseRecordLine(kind, JSON.stringify(r), file.rel, 10 + i),
        }));
        for (const { line, row } of rows) writer.row(file, line, row);
        writer.fileDone(file, { sha256: '', lines: 12, rows: rows.length, bytes: 0, implausible: { count: 0, firstLine: null } });
        const stored = db.prepare(`SELECT * FROM ${kind} ORDER BY line`).raw().all();
        expect(stored).toEqual(rows.map(({ line, row }) => [line, keyOf(row[0]), ...row.slice(1)]));
        const index = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").pluck().all(kind);
        expect(index.length, `${kind} is indexed once its file is done`).toBe(1);
      }
      expect(stored).toBe(kinds.length * 3);
      expect(done).toEqual(kinds.map((k) => `${k}.jsonl 3`));
      const firstLines = kinds.flatMap((kind) => {
        const seen = new Map<string, number>();
        [...records[kind], records[kind][0]].forEach((r, i) => {
          const id = (r as { entity: string }).entity;
          if (!seen.has(id)) seen.set(id, 10 + i);
        });
        return [...seen].map(([id, line]) => `${kind}.jsonl:${line} ${id} ${fileIds[kind]}`);
      });
      expect(asked).toEqual(firstLines);
    } finally {
      db.close();
    }
  });
});

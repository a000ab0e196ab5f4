import { describe, expect, it } from 'vitest';
import { recordFiles, type RecordFileName } from '../../../core/snapshot/schema.js';
import { parseRecordLine } from '../../snapshot/records.js';
import { rawColumnTypes } from '../schema.js';
import { BatchEncoder, rowWidth, unpackBatch } from './packed.js';

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

describe('packed batches', () => {
  it('cover every record kind, and the record rows match the declared column types', () => {
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

  it('unpack to the rows as parsed, with lines and entity keys, across full and partial batches', () => {
    for (const kind of Object.keys(records) as RecordFileName[]) {
      const encoder = new BatchEncoder(kind, 2);
      const rows = [...records[kind], records[kind][0]].map((r, i) => ({
        line: 10 + i,
        row: parseRecordLine(kind, JSON.stringify(r), `${kind}.jsonl`, 10 + i),
      }));
      const batches = [];
      for (const { line, row } of rows) {
        encoder.add(line, row);
        if (encoder.isFull) batches.push(encoder.take());
      }
      batches.push(encoder.take());
      const keyOf = (id: string): number => (id === 'shop/Pod/cart-1' ? 7 : id.length);
      const cells = batches.flatMap((b) => unpackBatch(b, b.entities.map(keyOf)));
      expect(cells).toEqual(rows.flatMap(({ line, row }) => [line, keyOf(row[0]), ...row.slice(1)]));
      const firstSeen = (part: typeof rows): [string[], number[]] => {
        const seen = new Map<string, number>();
        for (const { line, row } of part) if (!seen.has(row[0])) seen.set(row[0], line);
        return [[...seen.keys()], [...seen.values()]];
      };
      expect(batches.map((b) => [b.entities, b.entityLines])).toEqual([firstSeen(rows.slice(0, 2)), firstSeen(rows.slice(2))]);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordFiles, type RecordFileName } from '../../core/snapshot/schema.js';
import { BundleFormatError } from './errors.js';
import { parseRecordLine } from './records.js';

const log = { time: '2026-03-01T10:04:00Z', entity: 'shop/Service/cart', body: 'hello' };

function errorOf(kind: RecordFileName, text: string): BundleFormatError {
  try {
    parseRecordLine(kind, text, `${kind}.jsonl`, 12);
  } catch (error) {
    if (error instanceof BundleFormatError) return error;
    throw error;
  }
  throw new Error('expected a BundleFormatError');
}

describe('parseRecordLine', () => {
  it('normalises the time and keeps unknown fields as attributes', () => {
    const row = parseRecordLine('logs', JSON.stringify({ ...log, pod: 'cart-1', attrs: { a: 1 } }), 'logs.jsonl', 1);
    expect(row[0]).toBe('shop/Service/cart');
    expect(row[1]).toBe(Date.UTC(2026, 2, 1, 10, 4));
    expect(row[6]).toBe('{"a":1}');
    expect(row[7]).toBe('{"pod":"cart-1"}');
  });

  it('names file, line and field for a bad timestamp', () => {
    const err = errorOf('logs', JSON.stringify({ ...log, time: '10:04' }));
    expect(err.message).toBe('logs.jsonl:12: field "time": expected ISO-8601 with zone or epoch ms');
    expect([err.file, err.line, err.field]).toEqual(['logs.jsonl', 12, 'time']);
  });

  it('refuses a numeric time in seconds, µs or ns, naming file, line, field and the unit it looks like', () => {
    const ms = Date.UTC(2026, 2, 1, 10, 4);
    for (const [value, unit] of [
      [ms / 1000, 'seconds'],
      [ms * 1000, 'microseconds'],
      [ms * 1e6, 'nanoseconds'],
    ] as const) {
      const err = errorOf('logs', JSON.stringify({ ...log, time: value }));
      expect(err.message).toMatch(new RegExp(`^logs\\.jsonl:12: field "time": looks like epoch ${unit} `));
      expect([err.file, err.line, err.field]).toEqual(['logs.jsonl', 12, 'time']);
    }
    expect(errorOf('alerts', JSON.stringify({ name: 'A', entity: 'a/B', severity: 's', startsAt: ms, endsAt: ms / 1000 })).field).toBe(
      'endsAt',
    );
    expect(parseRecordLine('logs', JSON.stringify({ ...log, time: ms }), 'logs.jsonl', 1)[1]).toBe(ms);
  });

  it('names the field for a wrong type', () => {
    const err = errorOf('metrics', JSON.stringify({ time: 1, entity: 'a/B', name: 'cpu', value: 'high' }));
    expect(err.field).toBe('value');
    expect(err.message).toMatch(/^metrics\.jsonl:12: field "value": /);
  });

  it('reports a line that is not JSON', () => {
    expect(errorOf('events', '{"time": 1,').message).toMatch(/^events\.jsonl:12: not valid JSON/);
    expect(errorOf('events', '[1,2]').message).toBe('events.jsonl:12: expected one JSON object per line');
  });

  it('accepts exactly what the zod schema accepts (given valid timestamps)', () => {
    const kinds = Object.keys(recordFiles) as RecordFileName[];
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(undefined), fc.dictionary(fc.string(), fc.string()));
    const record = fc.record(
      {
        time: fc.constant(1000),
        start: fc.constant(1000),
        startsAt: fc.constant(1000),
        entity: fc.oneof(fc.constant('a/B'), value),
        name: fc.oneof(fc.constant('n'), value),
        severity: fc.oneof(fc.constant('s'), value),
        body: value,
        value: value,
        type: fc.oneof(fc.constant('Normal'), value),
        reason: value,
        message: value,
        kind: fc.oneof(fc.constant('config'), value),
        summary: value,
        traceId: value,
        spanId: value,
        durationMs: value,
        status: fc.oneof(fc.constant('ok'), value),
        count: value,
        labels: value,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...kinds), record, (kind, rec) => {
        const clean = JSON.parse(JSON.stringify(rec)) as unknown;
        const isZodValid = recordFiles[kind].safeParse(clean).success;
        let isFastValid = true;
        try {
          parseRecordLine(kind, JSON.stringify(clean), 'x.jsonl', 1);
        } catch {
          isFastValid = false;
        }
        expect(isFastValid).toBe(isZodValid);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });
});

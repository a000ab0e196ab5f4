import { describe, expect, it } from 'vitest';
import type { SignalRow } from './build.js';
import { keepSmallest, LogTemplateCollector } from './log-templates.js';
import { linkTemplateOperations, type SpanOperations } from './operations.js';
import { namesByKey, spanKey, traceIdsOf } from './span-key.js';
import { Periods } from './periods.js';

const periods = new Periods({ start: 1_000, end: 2_000 }, { start: 0, end: 999 }, 1_000, null);

describe('a sample of the spans a statement ran in', () => {
  it('keeps the smallest keys, repeats included, whatever order they come in', () => {
    const keys = ['t9/a', 't1/a', 't5/b', 't1/a', 't7/c', 't3/d', 't8/e'];
    const forward: string[] = [];
    const backward: string[] = [];
    for (const k of keys) keepSmallest(forward, k, 4);
    for (const k of [...keys].reverse()) keepSmallest(backward, k, 4);
    expect(forward).toEqual(['t1/a', 't1/a', 't3/d', 't5/b']);
    expect(backward).toEqual(forward);
  });

  it('is taken from baseline lines that name a span only', () => {
    const collector = new LogTemplateCollector(periods);
    collector.add(1, 'svc', 10, 'INFO', 'order 1 found', 'tb/s1');
    collector.add(2, 'svc', 20, 'INFO', 'order 2 found', null);
    collector.add(3, 'svc', 1_500, 'INFO', 'order 3 found', 'tw/s9');
    const { spanKeys } = collector.state();
    expect(Object.values(spanKeys)).toEqual([['tb/s1']]);
  });
});

describe('span keys', () => {
  it('are looked up by trace, and only the spans asked for are named', () => {
    const keys = [spanKey('t1', 'a'), spanKey('t1', 'b'), spanKey('t2', 'c')];
    expect(traceIdsOf(keys)).toEqual(['t1', 't2']);
    const spans = [
      { traceId: 't1', spanId: 'a', name: 'GET /cart' },
      { traceId: 't1', spanId: 'z', name: 'GET /other' },
      { traceId: 't2', spanId: 'c', name: 'POST /pay' },
      { traceId: 't3', spanId: 'a', name: 'GET /stray' },
    ];
    expect([...namesByKey(keys, spans)]).toEqual([
      ['t1/a', 'GET /cart'],
      ['t2/c', 'POST /pay'],
    ]);
  });
});

/** A store of one entity's spans: key → name, and name → counts. */
function store(names: Record<string, string>, counts: Record<string, [number, number]>): SpanOperations & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    namesOf: (_entity, keys) => {
      asked.push([...keys]);
      return new Map(keys.flatMap((k) => (names[k] ? [[k, names[k]] as [string, string]] : [])));
    },
    countsOf: (_entity, wanted) => wanted.map((name) => ({ name, window: counts[name]?.[0] ?? 0, baseline: counts[name]?.[1] ?? 0 })),
  };
}

const row = (id: string, spanKeys?: string[]): SignalRow => ({
  id,
  entity: 'svc',
  kind: 'log',
  extractor: 'log_template',
  time: 0,
  score: 1,
  summary: '',
  detail: {
    type: 'log_template',
    template: id,
    windowCount: 0,
    baselineCount: 9,
    rateRatio: 0,
    isNew: false,
    isGone: true,
    isError: false,
  },
  file: 'logs',
  line: null,
  samples: [],
  hidesLine: null,
  point: null,
  ...(spanKeys ? { spanKeys } : {}),
});

describe('linking statements to the operations they ran in', () => {
  it('names each statement’s operations with their spans per period, and drops the keys', () => {
    const spans = store({ 'a/1': 'getOrder', 'b/1': 'getOrder', 'c/1': 'modifyOrder' }, { getOrder: [0, 19], modifyOrder: [4, 11] });
    const rows = [row('one', ['a/1', 'b/1']), row('two', ['c/1', 'a/1', 'gone/9']), row('three', ['gone/9']), row('four')];
    linkTemplateOperations(rows, spans);
    const ops = rows.map((r) => (r.detail.type === 'log_template' ? (r.detail.operations ?? null) : null));
    expect(ops).toEqual([
      [{ name: 'getOrder', window: 0, baseline: 19 }],
      [
        { name: 'getOrder', window: 0, baseline: 19 },
        { name: 'modifyOrder', window: 4, baseline: 11 },
      ],
      // None of its spans is in the store: unknown, not "no operation".
      null,
      null,
    ]);
    expect(rows.every((r) => r.spanKeys === undefined)).toBe(true);
    // One lookup per entity, over every statement's keys.
    expect(spans.asked).toEqual([['a/1', 'b/1', 'c/1', 'gone/9']]);
  });
});

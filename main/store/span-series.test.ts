import { describe, expect, it } from 'vitest';
import { makeBuckets } from '../../core/charts/index.js';
import { fanOutPerBucket, type SpanRow } from './span-series.js';

const span = (time: number, traceId: string, spanId: string, parentSpanId: string | null, entity = 'e'): SpanRow => ({
  line: 0,
  entity,
  time,
  durationMs: 1,
  traceId,
  spanId,
  parentSpanId,
  name: '',
  status: 'ok',
});

describe('fanOutPerBucket', () => {
  it('counts requests served and the calls made under them, per bucket', () => {
    const buckets = makeBuckets(0, 200, 2);
    const own = [
      span(10, 't1', 'a', null), // a root request
      span(12, 't1', 'a2', 'a'), // work under it
      span(20, 't2', 'b', 'x'), // called from another entity (or a parent the capture lacks)
      span(150, 't3', 'c', 'y'),
      span(500, 't4', 'd', null), // outside the range
    ];
    const callees = [
      span(11, 't1', 'k1', 'a', 'callee'),
      span(13, 't1', 'k2', 'a2', 'callee'),
      span(21, 't2', 'k3', 'b', 'callee'),
      span(22, 't9', 'k4', 'b', 'callee'), // same span id in another trace: not a call of ours
      span(151, 't3', 'k5', 'zz', 'callee'), // another caller's
    ];
    expect(fanOutPerBucket(own, callees, buckets)).toEqual({ served: [2, 1], calls: [4, 0], points: 7 });
  });

  it('is null without a request served', () => {
    expect(fanOutPerBucket([], [span(1, 't', 's', null)], makeBuckets(0, 10, 1))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { gapGrowth, isDelayedEdge } from './delayed.js';
import type { TraceEdgeDetail } from './detail.js';

const edge = (over: Partial<TraceEdgeDetail>): TraceEdgeDetail => ({
  type: 'trace_edge',
  caller: 'a',
  callee: 'b',
  windowCalls: 50,
  baselineCalls: 50,
  windowErrorRate: 0,
  baselineErrorRate: 0,
  windowP95Ms: 10,
  baselineP95Ms: 10,
  isDiscovered: false,
  ...over,
});

describe('isDelayedEdge', () => {
  it('sees a caller-side gap that tripled and grew by 20 ms or more', () => {
    expect(isDelayedEdge(edge({ baselineGapP50Ms: 10, windowGapP50Ms: 30 }))).toBe(true);
    expect(gapGrowth(edge({ baselineGapP50Ms: 10, windowGapP50Ms: 30 }))).toBe(3);
  });

  it('ignores a gap that grew less than three times, or by less than 20 ms', () => {
    expect(isDelayedEdge(edge({ baselineGapP50Ms: 10, windowGapP50Ms: 29 }))).toBe(false);
    expect(isDelayedEdge(edge({ baselineGapP50Ms: 2, windowGapP50Ms: 19 }))).toBe(false);
  });

  it('takes a baseline gap under a millisecond as one millisecond', () => {
    expect(gapGrowth(edge({ baselineGapP50Ms: 0, windowGapP50Ms: 40 }))).toBe(40);
    expect(isDelayedEdge(edge({ baselineGapP50Ms: 0, windowGapP50Ms: 40 }))).toBe(true);
  });

  it('needs calls in both periods, and one each is enough: a delay on a pod adds its time to every call', () => {
    expect(isDelayedEdge(edge({ baselineCalls: 0, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ windowCalls: 0, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ windowCalls: 1, baselineCalls: 1, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(true);
    expect(isDelayedEdge(edge({ windowCalls: 1, baselineCalls: 1, baselineGapP50Ms: 5, windowGapP50Ms: 14 }))).toBe(false);
  });
});

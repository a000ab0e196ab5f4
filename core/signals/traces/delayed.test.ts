import { describe, expect, it } from 'vitest';
import { gapGrowth, isDelayedEdge, outgrowsSiblings, siblingGrowthMs } from './delayed.js';
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

  it('needs three calls in both periods: the median of one or two is their luck', () => {
    expect(isDelayedEdge(edge({ baselineCalls: 0, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ windowCalls: 0, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ windowCalls: 2, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ baselineCalls: 2, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(false);
    expect(isDelayedEdge(edge({ windowCalls: 3, baselineCalls: 3, baselineGapP50Ms: 0, windowGapP50Ms: 400 }))).toBe(true);
  });
});

describe('siblingGrowthMs and outgrowsSiblings', () => {
  // The caller calls b and, as often, c; c's calls got 100 ms slower.
  const toB = edge({ callee: 'b-1', windowCalls: 40, baselineCalls: 40, windowGapP50Ms: 130, baselineGapP50Ms: 20 });
  const toB2 = edge({ callee: 'b-2', windowCalls: 40, baselineCalls: 40 });
  const toC = edge({ callee: 'c', windowCalls: 80, baselineCalls: 80, windowP95Ms: 110, baselineP95Ms: 10 });

  it('counts per call to the callee what the other calls add, grown since the baseline', () => {
    expect(siblingGrowthMs(toB, [toB, toC])).toBe(200);
    // Another instance of the same callee is no sibling: a request calls one of them.
    expect(siblingGrowthMs(toB, [toB, toB2, toC], (o) => o.callee.startsWith('b'))).toBe(100);
  });

  it('keeps a delay only when its gap outgrew that wait, measured at derivation when the detail has it', () => {
    expect(outgrowsSiblings(toB, [toB, toC])).toBe(false);
    expect(outgrowsSiblings(toB)).toBe(true);
    expect(outgrowsSiblings({ ...toB, callerSiblingGrowthMs: 100 })).toBe(true);
    // The larger of the two measures decides.
    expect(outgrowsSiblings({ ...toB, callerSiblingGrowthMs: 100 }, [toB, toC])).toBe(false);
    expect(outgrowsSiblings({ ...toB, callerSiblingGrowthMs: 120 }, [])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { steadyTraceEdge } from '../test-support.js';
import { surgeRatio, trafficByNeighbour } from './edge-facts.js';

// Window and baseline of equal length: the ratio of a pair is its window calls over its baseline calls.
const pair = (caller: string, callerInstance: string, windowCalls: number, baselineCalls: number) => ({
  id: `${callerInstance}>db`,
  detail: steadyTraceEdge(caller, 'shop/Service/db', {
    callerInstance,
    windowCalls,
    baselineCalls,
    callRateRatio: baselineCalls > 0 ? windowCalls / baselineCalls : null,
  }),
});

describe('trafficByNeighbour', () => {
  it('sums a caller’s instance pairs: one pod sending ×1.4 and another ×0.8 is the same traffic dealt differently', () => {
    const [payment] = trafficByNeighbour([pair('pay', 'pay-1', 70, 50), pair('pay', 'pay-2', 40, 50)], 'caller');
    expect(payment).toMatchObject({ neighbour: 'pay', windowCalls: 110, baselineCalls: 100, callRateRatio: 1.1 });
    expect(payment && surgeRatio(payment)).toBeNull();
  });

  it('counts a pair that is new in the window with its calls, and keeps callers apart', () => {
    const groups = trafficByNeighbour(
      [pair('cart', 'cart-1', 60, 50), pair('cart', 'cart-new', 60, 0), pair('web', 'web-1', 50, 50)],
      'caller',
    );
    expect(groups.map((g) => [g.neighbour, g.callRateRatio, g.edges.length])).toEqual([
      ['cart', 2.4, 2],
      ['web', 1, 1],
    ]);
  });

  it('has no ratio without baseline calls', () => {
    expect(trafficByNeighbour([pair('cart', 'cart-new', 60, 0)], 'caller')[0]?.callRateRatio).toBeNull();
  });
});

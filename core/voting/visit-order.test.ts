import { describe, expect, it } from 'vitest';
import { varyVisitOrder } from './visit-order.js';

const seeds = [
  ...['a', 'b', 'c', 'd', 'e'].map((node) => ({ node, strength: 'alerting' })),
  ...['x', 'y', 'z'].map((node) => ({ node, strength: 'change_candidate' })),
];

describe('varyVisitOrder', () => {
  it('keeps the order for run 0', () => {
    expect(varyVisitOrder(seeds, 0)).toEqual(seeds);
  });

  it('shuffles only among equal priorities, the same way for the same run', () => {
    const orders = [1, 2, 3, 4].map((run) => varyVisitOrder(seeds, run).map((s) => s.node));
    for (const order of orders) {
      expect(order.slice(0, 5).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(order.slice(5).sort()).toEqual(['x', 'y', 'z']);
    }
    expect(varyVisitOrder(seeds, 2).map((s) => s.node)).toEqual(orders[1]);
    // Different runs give different orders (not all four the same as the original).
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    expect(orders.some((o) => o.join() !== seeds.map((s) => s.node).join())).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { mentions } from './context.js';

describe('an error message naming a dependency', () => {
  it('names it as a whole word, or as its English plural', () => {
    expect(mentions('connection refused to cart:6379', 'cart')).toBe(true);
    expect(mentions('recommendations unavailable, page degraded', 'recommendation')).toBe(true);
    expect(mentions('all caches busy', 'cache')).toBe(true);
    expect(mentions('no addresses for checkout', 'address')).toBe(true);
  });

  it('does not name it inside a longer word or name', () => {
    expect(mentions('cartridge empty', 'cart')).toBe(false);
    expect(mentions('ts-cart-service timed out', 'cart')).toBe(false);
    expect(mentions('shopping-carts down', 'cart')).toBe(false);
    expect(mentions('cartsy failed', 'cart')).toBe(false);
  });
});

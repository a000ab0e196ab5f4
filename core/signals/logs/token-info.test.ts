import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenInfoCache, tokenInfoOf } from './token-info.js';

const tokens = fc.oneof(
  fc.constantFrom('200', '10ms', 'GET', '/api/cart', 'OrderService.java:214', 'c.s.Impl#37', '0xff', '(<NUM>),', '--', 'ünïcode'),
  fc.string({ maxLength: 12 }).filter((t) => !/\s/.test(t)),
);

describe('TokenInfoCache', () => {
  it('answers as tokenInfoOf does, whether the token was cached or the cache was emptied', () => {
    fc.assert(
      fc.property(fc.array(tokens, { maxLength: 60 }), (list) => {
        const big = new TokenInfoCache();
        const tiny = new TokenInfoCache(3);
        for (const t of [...list, ...list]) {
          expect(big.get(t)).toEqual(tokenInfoOf(t));
          expect(tiny.get(t)).toEqual(tokenInfoOf(t));
        }
      }),
    );
  });

  it('routes a token with digits through the wildcard unless it names a source location', () => {
    expect(tokenInfoOf('user42')).toEqual({ masked: 'user42', isInformative: true, routeKey: '<*>', isLocation: false, isWord: false });
    expect(tokenInfoOf('OrderService.java:214')).toMatchObject({
      isInformative: true,
      routeKey: 'OrderService.java:214',
      isLocation: true,
    });
    expect(tokenInfoOf('200')).toEqual({ masked: '<NUM>', isInformative: false, routeKey: '<NUM>', isLocation: false, isWord: false });
    expect(tokenInfoOf('started')).toMatchObject({ isInformative: true, routeKey: 'started', isWord: true });
  });
});

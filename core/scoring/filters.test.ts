import { describe, expect, it } from 'vitest';
import { analyseFilter, matchFilter, searchesFilter } from './filters.js';

const matches = (source: string, name: string) => matchFilter(analyseFilter(source).filter, name);

describe('analyseFilter', () => {
  it('anchors a regex so it must match the whole name', () => {
    expect(matches('frontend\\b', 'frontend')).toBe('regex');
    expect(matches('frontend\\b', 'frontend-proxy')).toBeNull();
    expect(matches('load-generator-.*', 'load-generator-7d9f-x2x4z')).toBe('regex');
    expect(matches('load-generator-.*', 'my-load-generator-1')).toBeNull();
  });

  it('still finds a word-boundary filter inside a longer name when searched unanchored', () => {
    // The reason for anchoring: ITBench-style search would let `frontend\b` hit frontend-proxy.
    expect(searchesFilter(analyseFilter('frontend\\b').filter, 'frontend-proxy')).toBe(true);
  });

  it('reads glob-like filters both as regex and as glob', () => {
    const pod = analyseFilter('frontend-*');
    expect(pod.isGlobLike).toBe(true);
    expect(pod.isInvalidRegex).toBe(false);
    expect(matchFilter(pod.filter, 'frontend-')).toBe('regex');
    expect(matchFilter(pod.filter, 'frontend-5d8f-x2x4z')).toBe('glob');
    expect(matches('reviews-v*', 'reviews-v2')).toBe('glob');
    expect(matches('reviews-v*', 'ratings-v1')).toBeNull();
  });

  it('reads a leading star as a glob although the regex is invalid', () => {
    const suffix = analyseFilter('*-service');
    expect(suffix.isInvalidRegex).toBe(true);
    expect(suffix.isGlobLike).toBe(true);
    expect(matchFilter(suffix.filter, 'cart-service')).toBe('glob');
    expect(matchFilter(suffix.filter, 'cart-svc')).toBeNull();
    expect(matches('*.*', 'accounting')).toBe('glob');
  });

  it('matches an invalid non-glob regex as its literal text instead of throwing', () => {
    const broken = analyseFilter('frontend-(');
    expect(broken.isInvalidRegex).toBe(true);
    expect(broken.isGlobLike).toBe(false);
    expect(matchFilter(broken.filter, 'frontend-(')).toBe('regex');
    expect(matchFilter(broken.filter, 'frontend-x')).toBeNull();
  });

  it('does not let a filter break out of its anchors', () => {
    const escape = analyseFilter('a)|(.*');
    expect(escape.isInvalidRegex).toBe(true);
    expect(matchFilter(escape.filter, 'anything')).toBeNull();
  });

  it('keeps regex quantifiers on escapes, dots and classes as regex', () => {
    expect(analyseFilter('\\w*').isGlobLike).toBe(false);
    expect(analyseFilter('[a-z]*').isGlobLike).toBe(false);
    expect(analyseFilter('cart-.*').isGlobLike).toBe(false);
  });

  it('measures literal characters so longer literals rank as more specific', () => {
    const general = analyseFilter('frontend-.*').filter;
    const specific = analyseFilter('frontend-proxy-.*').filter;
    expect(general.literalCount).toBe(9);
    expect(specific.literalCount).toBe(15);
    expect(specific.literalPrefix).toBe(15);
    expect(analyseFilter('.*product-catalog').filter.literalPrefix).toBe(0);
    expect(analyseFilter('.*product-catalog').filter.literalCount).toBe(15);
    expect(analyseFilter('checkout\\b').filter.isLiteral).toBe(false);
    expect(analyseFilter('payment-pdb').filter.isLiteral).toBe(true);
    expect(analyseFilter('data\\.json').filter).toMatchObject({ isLiteral: true, literalCount: 9 });
  });
});

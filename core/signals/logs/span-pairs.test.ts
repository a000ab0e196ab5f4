import { describe, expect, it } from 'vitest';
import { TemplateMiner } from './drain.js';
import { SpanTemplatePairs } from './span-pairs.js';

/** `n` spans of `entity` in `period`, each logging `templates`. */
function spans(pairs: SpanTemplatePairs, entity: string, period: 'window' | 'baseline', n: number, templates: string[], offset = 0): void {
  for (let i = 0; i < n; i++) for (const t of templates) pairs.add(entity, `${period}-${offset + i}`, t, period);
}

describe('SpanTemplatePairs', () => {
  it('sees an early return between two statements that differ in one word (OnlineBoutique productcatalogservice lines)', () => {
    // The statements of the Nezha OnlineBoutique capture (MIT): each product query logs its
    // id, then the same text with `successfully`. An injected return skips the second.
    const products = ['0PUK6V6EV0', '1YMWWN1N4O', '2ZYFJ3GM2N', '66VCHSJNUP', '6E92ZMYYFZ', '9SIQT8TOJO', 'L9ECAV7KIM', 'LS4PSXUNUM'];
    const miner = new TemplateMiner();
    const pairs = new SpanTemplatePairs();
    const log = (period: 'baseline' | 'window', i: number, text: string) => {
      const span = `${period === 'baseline' ? 'b' : 'c'}${String(i).padStart(15, '0')}`;
      const line = `TraceID: 04c87ec97bae041b1b15b3c7676a43cc SpanID: ${span} ${text}`;
      pairs.add('productcatalogservice', span, miner.add(line), period);
    };
    for (let i = 0; i < 48; i++) {
      const period = i < 32 ? 'baseline' : 'window';
      log(period, i, `Query product with name and description ${products[i % products.length] ?? ''}`);
      if (period === 'baseline') log(period, i, 'Query product with name and description successfully');
    }
    const [top] = pairs.finish();
    expect(top).toMatchObject({
      entity: 'productcatalogservice',
      baselineSpans: 32,
      baselineFollowed: 32,
      windowSpans: 16,
      windowFollowed: 0,
    });
    expect(miner.templateText(top?.after ?? '')).toBe('TraceID: <HEX> SpanID: <HEX> Query product with name and description successfully');
  });

  it('finds a statement that stopped following another in the same span', () => {
    const pairs = new SpanTemplatePairs();
    spans(pairs, 'travel', 'baseline', 64, ['#451', '#457']);
    spans(pairs, 'travel', 'window', 16, ['#451', '#457']);
    spans(pairs, 'travel', 'window', 25, ['#451'], 100);
    const [top] = pairs.finish();
    expect(top).toMatchObject({
      entity: 'travel',
      before: '#451',
      after: '#457',
      baselineSpans: 64,
      baselineFollowed: 64,
      windowSpans: 41,
      windowFollowed: 16,
    });
    expect(top?.surprise).toBeGreaterThan(20);
  });

  it('ignores statements that only sometimes follow, thin baselines, and unchanged sequences', () => {
    const pairs = new SpanTemplatePairs();
    spans(pairs, 'a', 'baseline', 30, ['x', 'y']);
    spans(pairs, 'a', 'baseline', 10, ['x'], 30); // y follows x in 75 % only
    spans(pairs, 'a', 'window', 20, ['x'], 0);
    spans(pairs, 'b', 'baseline', 5, ['p', 'q']); // too few baseline spans
    spans(pairs, 'b', 'window', 20, ['p']);
    spans(pairs, 'c', 'baseline', 50, ['m', 'n']);
    spans(pairs, 'c', 'window', 50, ['m', 'n']);
    expect(pairs.finish().filter((s) => s.surprise > 2)).toEqual([]);
  });

  it('keeps memory bounded by folding old spans, with the same counts', () => {
    const bounded = new SpanTemplatePairs({ maxOpenSpans: 3 });
    const free = new SpanTemplatePairs();
    for (const p of [bounded, free]) {
      spans(p, 'travel', 'baseline', 20, ['a', 'b']);
      spans(p, 'travel', 'window', 20, ['a']);
    }
    expect(bounded.finish()).toEqual(free.finish());
  });

  it('keeps the spans of entities that share span ids apart, also while folding', () => {
    const shared = new SpanTemplatePairs({ maxOpenSpans: 2 });
    const apart = new SpanTemplatePairs();
    for (const [entity, window] of [
      ['x', ['a']],
      ['y', ['a', 'b']],
      ['z', ['a']],
    ] as const) {
      for (let i = 0; i < 40; i++) {
        const period = i < 30 ? 'baseline' : 'window';
        for (const t of period === 'baseline' ? ['a', 'b'] : window) {
          shared.add(entity, `s${i}`, t, period);
          apart.add(entity, `${entity}-s${i}`, t, period);
        }
      }
    }
    // Interleaved: the three entities' spans with one id are open at once.
    const interleaved = new SpanTemplatePairs({ maxOpenSpans: 2 });
    for (let i = 0; i < 40; i++) {
      const period = i < 30 ? 'baseline' : 'window';
      for (const entity of ['x', 'y', 'z']) {
        for (const t of period === 'baseline' || entity === 'y' ? ['a', 'b'] : ['a']) interleaved.add(entity, `s${i}`, t, period);
      }
    }
    const expected = apart.finish();
    expect(expected.map((s) => s.entity)).toEqual(['x', 'z']);
    expect(shared.finish()).toEqual(expected);
    expect(interleaved.finish()).toEqual(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignalOptionError } from '../errors.js';
import { OVERFLOW_TEMPLATE_ID, TemplateMiner } from './drain.js';

describe('TemplateMiner', () => {
  it('groups lines of one statement and separates different statements', () => {
    const miner = new TemplateMiner();
    const a1 = miner.add('Connected to 10.0.0.1:5432 in 12ms');
    const b1 = miner.add('Order 42 placed by user alice');
    const a2 = miner.add('Connected to 10.0.0.9:5432 in 7ms');
    const b2 = miner.add('Order 43 placed by user bob');
    expect([a1, b1]).toEqual(['T1', 'T2']);
    expect(a2).toBe(a1);
    expect(b2).toBe(b1);
    expect(miner.templates()).toEqual([
      { id: 'T1', template: 'Connected to <IP> in <NUM>', tokenCount: 5, count: 2 },
      { id: 'T2', template: 'Order <NUM> placed by user <*>', tokenCount: 6, count: 2 },
    ]);
  });

  it('does not let a shared header merge different statements', () => {
    const miner = new TemplateMiner();
    const header = (i: number, line: number) =>
      `2023-01-29T08:42:2${i}.383Z INFO  t.s.TravelServiceImpl#${line} TraceID: ffc8ca7e4c8f06c7${i} SpanID: 439bc949a9eeb0c${i}`;
    const a = miner.add(`${header(1, 53)} [getRouteByRouteId][Get Route By Id][Success]`);
    const b = miner.add(`${header(2, 88)} [checkStationExists][Check Station Exists][stationName: shanghai]`);
    const c = miner.add(`${header(3, 53)} [getRouteByRouteId][Get Route By Id][Success]`);
    const d = miner.add(`${header(4, 61)} [getRouteByRouteId][Get Route By Id][Success]`);
    expect(a).not.toBe(b);
    expect(c).toBe(a);
    // Same words printed by another statement (its source line) is another code path.
    expect(d).not.toBe(a);
    expect(miner.templateText(a)).toBe(
      '<TS> INFO t.s.TravelServiceImpl#53 TraceID: <HEX> SpanID: <HEX> [getRouteByRouteId][Get Route By Id][Success]',
    );
  });

  it('groups lines made only of variables by their shape', () => {
    const miner = new TemplateMiner();
    expect(miner.add('12 0x1f 10.0.0.1')).toBe(miner.add('7 0xff 10.9.9.9'));
    expect(miner.add('12 0x1f')).not.toBe(miner.add('12 10.0.0.1'));
  });

  it('keeps ids stable while a template generalises', () => {
    const miner = new TemplateMiner();
    const id = miner.add('cache miss for key alpha in region eu');
    expect(miner.add('cache miss for key beta in region us')).toBe(id);
    expect(miner.templateText(id)).toBe('cache miss for key <*> in region <*>');
    expect(miner.templateText('T99')).toBeUndefined();
    expect(miner.templateText('nonsense')).toBeUndefined();
  });

  it('does not merge lines below the similarity threshold', () => {
    const miner = new TemplateMiner({ similarityThreshold: 0.9 });
    const a = miner.add('payment service returned status ok');
    const b = miner.add('payment service returned status failed');
    expect(a).not.toBe(b);
  });

  it('sends lines beyond the template cap to the overflow template', () => {
    const miner = new TemplateMiner({ maxTemplates: 2 });
    miner.add('alpha one');
    miner.add('beta two three');
    expect(miner.add('gamma four five six')).toBe(OVERFLOW_TEMPLATE_ID);
    expect(miner.size).toBe(2);
    expect(miner.templates().at(-1)).toMatchObject({ id: OVERFLOW_TEMPLATE_ID, count: 1 });
  });

  it('bounds the templates of one leaf, so a flood of unlike lines cannot make every add slow', () => {
    const miner = new TemplateMiner({ maxTemplatesPerLeaf: 3 });
    const ids = ['a b c d e f', 'a b g h i j', 'a b k l m n', 'a b o p q r'].map((l) => miner.add(l));
    expect(ids).toEqual(['T1', 'T2', 'T3', OVERFLOW_TEMPLATE_ID]);
    expect(miner.add('other leaf here now')).toBe('T4');
  });

  it('routes to a wildcard child once a node is full, bounding the tree', () => {
    const miner = new TemplateMiner({ maxChildren: 3 });
    const ids = ['apple x y z', 'banana x y z', 'cherry x y z', 'damson x y z', 'elder x y z'].map((l) => miner.add(l));
    // Two named children plus the wildcard fill the node; later first tokens share the
    // wildcard branch and merge there.
    expect(ids[2]).toBe(ids[3]);
    expect(ids[3]).toBe(ids[4]);
    expect(new Set(ids).size).toBe(3);
  });

  it('accepts empty lines and hostile unicode', () => {
    const miner = new TemplateMiner();
    expect(miner.add('')).toBe(miner.add('   '));
    const id = miner.add('ошибка 😀 \u0000 <*> <script>');
    expect(miner.templateText(id)).toBe('ошибка 😀 \u0000 <*> <script>');
  });

  it('rejects unusable options with a named error', () => {
    expect(() => new TemplateMiner({ similarityThreshold: 0 })).toThrow(SignalOptionError);
    expect(() => new TemplateMiner({ treeDepth: 2 })).toThrow(SignalOptionError);
    expect(() => new TemplateMiner({ maxTokens: 1 })).toThrow(SignalOptionError);
  });

  it('is deterministic: the same lines in the same order give the same ids and templates', () => {
    const line = fc.array(fc.oneof(fc.constantFrom('get', 'put', 'user', 'failed', 'ok'), fc.nat(999).map(String)), {
      minLength: 0,
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.array(
          line.map((t) => t.join(' ')),
          { maxLength: 60 },
        ),
        (lines) => {
          const a = new TemplateMiner();
          const b = new TemplateMiner();
          expect(lines.map((l) => a.add(l))).toEqual(lines.map((l) => b.add(l)));
          expect(a.templates()).toEqual(b.templates());
          expect(a.templates().reduce((n, t) => n + t.count, 0)).toBe(lines.length);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignalOptionError } from '../errors.js';
import { OVERFLOW_TEMPLATE_ID, TemplateMiner, WORD_VARIANTS } from './drain.js';

describe('TemplateMiner', () => {
  it('groups lines of one statement and separates different statements', () => {
    const miner = new TemplateMiner();
    const a1 = miner.add('Connected to 10.0.0.1:5432 in 12ms');
    const b1 = miner.add('Order 42 placed by user u_1f');
    const a2 = miner.add('Connected to 10.0.0.9:5432 in 7ms');
    const b2 = miner.add('Order 43 placed by user u_2c');
    expect([a1, b1]).toEqual(['T1', 'T2']);
    expect(a2).toBe(a1);
    expect(b2).toBe(b1);
    expect(miner.templates()).toEqual([
      { id: 'T1', template: 'Connected to <IP> in <NUM>', tokenCount: 5, count: 2 },
      { id: 'T2', template: 'Order <NUM> placed by user <*>', tokenCount: 6, count: 2 },
    ]);
  });

  it('keeps sibling statements that differ in a word apart (real OnlineBoutique lines)', () => {
    const miner = new TemplateMiner();
    const line = (span: string, text: string) => `TraceID: 04c87ec97bae041b1b15b3c7676a43cc SpanID: ${span} ${text}`;
    const started = miner.add(line('e4006dce6700e903', 'Serving product page started'));
    const complete = miner.add(line('e4006dce6700e903', 'Serving product page complete'));
    expect(complete).not.toBe(started);
    expect(miner.add(line('644c622c1c035079', 'Serving product page complete'))).toBe(complete);
    // Ids are values: they generalise; the word after the same text is another statement,
    // whichever came first.
    const query = miner.add(line('644c622c1c035079', 'Query product with name and description 0PUK6V6EV0'));
    expect(miner.add(line('644c622c1c035078', 'Query product with name and description 1YMWWN1N4O'))).toBe(query);
    const done = miner.add(line('644c622c1c035078', 'Query product with name and description successfully'));
    expect(done).not.toBe(query);
    expect(miner.templateText(query)).toBe('TraceID: <HEX> SpanID: <HEX> Query product with name and description <*>');
    expect(miner.add(line('044c622c1c035078', 'GetCartAsync called with userId=7b3c2f6e-0a4b-4c55-9d8e-1f2a3b4c5d6e'))).not.toBe(
      miner.add(line('044c622c1c035078', 'EmptyCartAsync called with userId=7b3c2f6e-0a4b-4c55-9d8e-1f2a3b4c5d6e')),
    );
  });

  it('makes a word a parameter once more than WORD_VARIANTS words took its place', () => {
    const miner = new TemplateMiner();
    const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory'];
    const ids = names.map((n) => miner.add(`session opened for user ${n} from the console`));
    expect(new Set(ids.slice(0, WORD_VARIANTS)).size).toBe(WORD_VARIANTS);
    // The ninth word joins the nearest sibling, whose slot now takes any word.
    expect(ids[WORD_VARIANTS]).toBe(ids[0]);
    expect(ids.slice(WORD_VARIANTS + 1).every((id) => id === ids[0])).toBe(true);
    expect(miner.templateText(ids[0] ?? '')).toBe('session opened for user <*> from the console');
  });

  it('splits on words only while the leaf is less than half full, so siblings never push statements into the overflow', () => {
    const miner = new TemplateMiner({ maxTemplatesPerLeaf: 4 });
    const ids = ['job alpha started now', 'job alpha finished now', 'job alpha failed now', 'job alpha paused now'].map((l) =>
      miner.add(l),
    );
    expect(ids.slice(0, 2)).toEqual(['T1', 'T2']);
    // Two templates fill half the leaf: later words merge as Drain merges them.
    expect(ids[2]).not.toBe(OVERFLOW_TEMPLATE_ID);
    expect(ids.slice(2).every((id) => id === 'T1' || id === 'T2')).toBe(true);
  });

  it('reads words as values in lines that name their source location (one location, one statement)', () => {
    const miner = new TemplateMiner();
    const at = (station: string) =>
      `2023-01-29T08:42:21.383Z INFO  f.m.c.StationController#63 TraceID: ffc8ca7e4c8f06c71 SpanID: 439bc949a9eeb0c1 [queryForId][Query for station id][StationName: ${station}]`;
    expect(miner.add(at('shanghai'))).toBe(miner.add(at('nanjing')));
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
    const id = miner.add('cache miss for key k_1 in region eu_1');
    expect(miner.add('cache miss for key k_2 in region us_2')).toBe(id);
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
    const ids = ['apple_ x y z', 'banana_ x y z', 'cherry_ x y z', 'damson_ x y z', 'elder_ x y z'].map((l) => miner.add(l));
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

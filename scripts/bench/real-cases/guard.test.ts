import { describe, expect, it } from 'vitest';
import { compareGuard, formatVerdict, isWorse, updatedGuard, type GuardEntry } from './guard.js';

const entry = (c: string, rank: number | null, system: GuardEntry['system'] = 'tt', expected = ['svc']): GuardEntry => ({
  system,
  case: c,
  expected,
  rank,
});

describe('isWorse', () => {
  it('is worse when the truth moves down or out of the ranking, never when it was not ranked', () => {
    expect(isWorse(1, 2)).toBe(true);
    expect(isWorse(3, null)).toBe(true);
    expect(isWorse(2, 2)).toBe(false);
    expect(isWorse(2, 1)).toBe(false);
    expect(isWorse(null, null)).toBe(false);
    expect(isWorse(null, 4)).toBe(false);
  });
});

describe('compareGuard', () => {
  it('passes when no rank got worse, reporting the improvements', () => {
    const v = compareGuard([entry('a', 2), entry('b', null), entry('c', 1)], [entry('a', 1), entry('b', 5), entry('c', 1)]);
    expect(v.ok).toBe(true);
    expect(v.better.map((c) => [c.entry.case, c.was, c.entry.rank])).toEqual([
      ['a', 2, 1],
      ['b', null, 5],
    ]);
    expect(formatVerdict(v).at(-1)).toBe('guard passed: no rank got worse (2 better)');
  });

  it('fails naming each case whose rank got worse, next to the improvements', () => {
    const v = compareGuard([entry('a', 1), entry('b', 2), entry('c', 3)], [entry('a', 2), entry('b', null), entry('c', 1)]);
    expect(v.ok).toBe(false);
    const lines = formatVerdict(v);
    expect(lines.filter((l) => l.startsWith('WORSE'))).toEqual([
      'WORSE    tt/a: rank 1 → rank 2 (expected svc)',
      'WORSE    tt/b: rank 2 → not ranked (expected svc)',
    ]);
    expect(lines).toContain('better   tt/c: rank 3 → rank 1 (expected svc)');
    expect(lines.at(-1)).toMatch(/^guard FAILED: 2 worse/);
  });

  it('fails on a recorded case no longer run and on changed ground truth; skips systems not run', () => {
    const v = compareGuard(
      [entry('a', 1), entry('b', 1), entry('c', 1, 'tt', ['x']), entry('o', 1, 'ob')],
      [entry('a', 1), entry('c', 1, 'tt', ['y']), entry('n', 4)],
    );
    expect(v.ok).toBe(false);
    expect(v.missing.map((e) => e.case)).toEqual(['b']);
    expect(v.retruthed.map((r) => [r.entry.case, r.was])).toEqual([['c', ['x']]]);
    expect(v.unrecorded.map((e) => e.case)).toEqual(['n']);
    expect(v.skipped).toBe(1);
  });
});

describe('updatedGuard', () => {
  it('replaces the entries of the systems run and keeps the others, in a fixed order', () => {
    const next = updatedGuard([entry('z', 1, 'ob'), entry('old', 1)], [entry('b', 2), entry('a', null)]);
    expect(next.cases.map((e) => `${e.system}/${e.case}`)).toEqual(['tt/a', 'tt/b', 'ob/z']);
  });
});

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
    expect(formatVerdict(v).at(-1)).toBe('guard passed: no development rank got worse (2 better)');
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

describe('compareGuard on development cases only', () => {
  const validation = (e: GuardEntry): boolean => !e.case.startsWith('val');

  it('prints a validation case that ranks worse but passes; a development case that does fails', () => {
    const recorded = [entry('dev-a', 1), entry('val-b', 1), entry('val-c', 2)];
    const passing = compareGuard(recorded, [entry('dev-a', 1), entry('val-b', 3), entry('val-c', null)], validation);
    expect(passing.ok).toBe(true);
    expect(passing.worse).toEqual([]);
    expect(passing.worseReported.map((c) => [c.entry.case, c.was, c.entry.rank])).toEqual([
      ['val-b', 1, 3],
      ['val-c', 2, null],
    ]);
    const lines = formatVerdict(passing);
    expect(lines).toContain('worse    tt/val-b: rank 1 → rank 3 (expected svc); validation, reported only');
    expect(lines.at(-1)).toBe('guard passed: no development rank got worse (0 better; 2 validation case(s) worse, reported only)');
    const failing = compareGuard(recorded, [entry('dev-a', 2), entry('val-b', 3), entry('val-c', 2)], validation);
    expect(failing.ok).toBe(false);
    expect(failing.worse.map((c) => c.entry.case)).toEqual(['dev-a']);
    expect(formatVerdict(failing).at(-1)).toMatch(/^guard FAILED: 1 worse, .*; 1 validation case\(s\) worse, reported only$/);
  });

  it('still fails on a validation case gone missing or given another truth', () => {
    const v = compareGuard([entry('val-b', 1), entry('val-c', 1)], [entry('val-c', 1, 'tt', ['other'])], validation);
    expect(v.ok).toBe(false);
    expect(v.missing.map((e) => e.case)).toEqual(['val-b']);
    expect(v.retruthed.map((r) => r.entry.case)).toEqual(['val-c']);
  });
});

describe('the two ways in one guard file', () => {
  const windowOnly = (c: string, rank: number | null, system: GuardEntry['system'] = 'tt'): GuardEntry => ({
    ...entry(c, rank, system),
    mode: 'window-only',
  });

  it('compares a run only with the entries of its own way, skipping the other', () => {
    const recorded = [entry('a', 1), windowOnly('a', 3)];
    const timeGiven = compareGuard(recorded, [entry('a', 2)]);
    expect(timeGiven.worse.map((c) => c.was)).toEqual([1]);
    expect(timeGiven.skipped).toBe(1);
    const windowRun = compareGuard(recorded, [windowOnly('a', 2)]);
    expect(windowRun.ok).toBe(true);
    expect(windowRun.better.map((c) => [c.was, c.entry.rank])).toEqual([[3, 2]]);
    expect(formatVerdict(windowRun)).toContain('better   tt/a (window-only): rank 3 → rank 2 (expected svc)');
    expect(windowRun.skipped).toBe(1);
  });

  it('--update replaces only the entries of the way and systems run, time given first', () => {
    const next = updatedGuard([entry('a', 1), windowOnly('a', 3), windowOnly('l', 1, 'lab')], [windowOnly('a', 5), windowOnly('b', 1)]);
    expect(next.cases).toEqual([entry('a', 1), windowOnly('a', 5), windowOnly('b', 1), windowOnly('l', 1, 'lab')]);
  });
});

describe('updatedGuard', () => {
  it('replaces the entries of the systems run and keeps the others, in a fixed order', () => {
    const next = updatedGuard([entry('l', 1, 'lab'), entry('z', 1, 'ob'), entry('old', 1)], [entry('b', 2), entry('a', null)]);
    expect(next.cases.map((e) => `${e.system}/${e.case}`)).toEqual(['tt/a', 'tt/b', 'ob/z', 'lab/l']);
  });
});

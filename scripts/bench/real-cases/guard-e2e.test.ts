/**
 * The guard end to end on the repository's real Nezha slice (two TrainTicket faults; no
 * ../shared needed): record the ranks, then plant a regression by switching off the rule
 * the slice's network-delay fault is found by, and see the guard fail naming that case.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertNezha } from '../../../main/convert/index.js';
import { NEZHA_SLICE, removeSliceCopies, scratchDir } from '../../../main/convert/nezha/test-fixtures.js';
import type { GuardFile } from './guard.js';
import { runGuard } from './guard-run.js';

describe('npm run bench:guard on the Nezha slice', () => {
  let bundles = '';
  let file = '';
  beforeAll(async () => {
    bundles = scratchDir();
    await convertNezha(NEZHA_SLICE, bundles);
    file = join(scratchDir(), 'guard.json');
  });
  afterAll(removeSliceCopies);

  it('records the rank of each case with --update, then passes against what it recorded', async () => {
    const recorded = await runGuard({ sources: [{ system: 'tt', bundles }], update: true, file });
    expect(recorded.exitCode).toBe(0);
    const guard = JSON.parse(readFileSync(file, 'utf8')) as GuardFile;
    expect(guard.cases.map((e) => [e.case, e.expected])).toEqual([
      ['2023-01-30-f01', ['ts-contacts-service']],
      ['2023-01-30-f02', ['ts-basic-service']],
    ]);
    expect(guard.cases.every((e) => e.rank !== null)).toBe(true);
    // The heuristic is deterministic: the same code passes against what it recorded.
    const again = await runGuard({ sources: [{ system: 'tt', bundles }], file });
    expect(again.exitCode).toBe(0);
    expect(again.lines).toEqual(['guard passed: no development rank got worse (0 better)']);
  }, 60_000);

  it('fails naming the case whose rank got worse with a rule switched off, and leaves the file alone', async () => {
    const before = readFileSync(file, 'utf8');
    const outcome = await runGuard({ sources: [{ system: 'tt', bundles }], file, disabledRules: ['network_delay'] });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.verdict.worse.map((c) => c.entry.case)).toContain('2023-01-30-f01');
    expect(outcome.lines).toContainEqual(expect.stringMatching(/^WORSE {4}tt\/2023-01-30-f01: rank \d+ → (rank \d+|not ranked)/));
    expect(outcome.lines.at(-1)).toMatch(/^guard FAILED/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    // f02 is a validation case in split.json: its worse rank is printed, not counted.
    expect(outcome.verdict.worseReported.map((c) => c.entry.case)).toEqual(['2023-01-30-f02']);
    expect(outcome.lines).toContainEqual(expect.stringMatching(/^worse {4}tt\/2023-01-30-f02: .*; validation, reported only$/));
  }, 60_000);

  it('passes when only a validation case (split.json) ranks worse, printing it', async () => {
    const guard = JSON.parse(readFileSync(file, 'utf8')) as GuardFile;
    // The development case recorded as not ranked can get no worse; the validation case can.
    const onlyValidation = join(scratchDir(), 'guard.json');
    writeFileSync(
      onlyValidation,
      JSON.stringify({ ...guard, cases: guard.cases.map((e) => (e.case === '2023-01-30-f01' ? { ...e, rank: null } : e)) }),
    );
    const outcome = await runGuard({ sources: [{ system: 'tt', bundles }], file: onlyValidation, disabledRules: ['network_delay'] });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.verdict.worse).toEqual([]);
    expect(outcome.verdict.worseReported.map((c) => c.entry.case)).toEqual(['2023-01-30-f02']);
    expect(outcome.lines.at(-1)).toMatch(/^guard passed: .*1 validation case\(s\) worse, reported only\)$/);
  }, 60_000);
});

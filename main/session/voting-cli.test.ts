import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { readLedger, runCli, sampleBundle, useScratch } from './cli-test-support.js';
import { runLedgerFile } from './voting.js';

const LARGE_MODEL_FLAGS = ['--context-tokens', '8192', '--llm-request-cap', '6000'];

const scratch = useScratch();

describe('eog investigate --runs (docs/voting.md)', () => {
  it('asks the model again with request seeds 1 … K−1 and writes the winner with every run’s vote', async () => {
    const dir = scratch.dir();
    const fake = await scratch.serve('good');
    const ledger = path.join(dir, 'run.ledger');
    const out = path.join(dir, 'diagnosis.json');
    // An 8k model with a 6k request cap: packets close to the heuristic's, so the runs' roots compare.
    const args = [
      'investigate',
      sampleBundle,
      '--runs',
      '2',
      '--policy',
      'llm',
      '--base-url',
      fake.url,
      '--model',
      'm',
      ...LARGE_MODEL_FLAGS,
    ];
    const result = await runCli([...args, '--llm-cache', path.join(dir, 'cache.sqlite'), '--ledger', ledger, '--out', out], {
      TMPDIR: dir,
    });
    expect(result.code, result.stderr).toBe(0);
    const diagnosis = JSON.parse(readFileSync(out, 'utf8')) as Diagnosis;
    expect(diagnosis.votes?.map((v) => [v.run, v.seed])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(diagnosis.votes?.filter((v) => v.winner)).toHaveLength(1);
    expect(result.stderr).toMatch(/run 1: root shop\/Service\/frontend/);
    // Run 0 sends no seed (its requests are a single run's); run 1 sends seed 1, so the cache does not replay run 0.
    const seeds = fake.requests.map((r) => (r.body as { seed?: number } | null)?.seed);
    expect(seeds).toContain(undefined);
    expect(seeds).toContain(1);
    expect(new Set(seeds)).toEqual(new Set([undefined, 1]));
    expect(existsSync(runLedgerFile(ledger, 1))).toBe(true);
    expect(readLedger(ledger).filter((e) => e.type === 'VoteCast')).toHaveLength(1);
    expect(readLedger(runLedgerFile(ledger, 1)).filter((e) => e.type === 'VoteCast')).toHaveLength(0);
  }, 120_000);
});

describe('eog bench --runs', () => {
  it('reports pass@k beside maj@k from the voted diagnosis, one row per run, the winner marked', async () => {
    const result = await runCli(['bench', sampleBundle, '--runs', '3', '--json'], { TMPDIR: scratch.dir() });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      runs: number;
      passAtK: number;
      majorityAtK: number;
      ac1: number;
      rows: Array<{ run: number; correct: boolean; isVoteWinner: boolean; votedCorrect: boolean | null }>;
    };
    expect(report.runs).toBe(3);
    expect(report.rows.map((r) => r.run)).toEqual([1, 2, 3]);
    expect(report.rows.filter((r) => r.isVoteWinner)).toHaveLength(1);
    expect(report.passAtK).toBe(Number(report.rows.some((r) => r.correct)));
    expect(report.majorityAtK).toBe(Number(report.rows[0]?.votedCorrect));
    expect(report.majorityAtK).toBe(1);
  }, 120_000);
});

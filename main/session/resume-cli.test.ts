import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serialiseLedger } from '../../core/ledger/index.js';
import { goodModel } from '../policies/llm/testing/models.js';
import type { FakeReply } from '../policies/llm/testing/fake-openai.js';
import { ledgerShapeProblems, readLedger, runCli, sampleBundle, startCli, startCliKilledAfter, useScratch } from './cli-test-support.js';

const scratch = useScratch();

/** A scratch folder that is also the child's TMPDIR, so a killed run's imported store is cleaned up with it. */
function workDir(): { dir: string; env: Record<string, string> } {
  const dir = scratch.dir();
  return { dir, env: { TMPDIR: dir, XDG_CACHE_HOME: dir } };
}

function investigateArgs(dir: string, name: string, extra: readonly string[] = []): string[] {
  return ['investigate', sampleBundle, '--ledger', path.join(dir, `${name}.sqlite`), '--out', path.join(dir, `${name}.json`), ...extra];
}

const evaluations = (file: string): number => readLedger(file).filter((e) => e.type === 'StepStarted').length;

describe('eog investigate, killed and resumed', () => {
  it('resumes after a stop at any of several steps and ends with the uninterrupted ledger', async () => {
    const { dir, env } = workDir();
    const reference = await runCli(investigateArgs(dir, 'reference'), env);
    expect(reference.code, reference.stderr).toBe(0);
    const expected = readLedger(path.join(dir, 'reference.sqlite'));
    const total = expected.filter((e) => e.type === 'StepStarted').length;
    expect(total).toBeGreaterThan(4);

    for (const stopAt of [1, 4]) {
      const name = `stopped-${stopAt}`;
      const killed = await startCliKilledAfter(stopAt, investigateArgs(dir, name), env).done;
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const partial = readLedger(path.join(dir, `${name}.sqlite`));
      expect(partial.filter((e) => e.type === 'StepStarted')).toHaveLength(stopAt);
      expect(partial.some((e) => e.type === 'Finished')).toBe(false);
      expect(existsSync(path.join(dir, `${name}.json`))).toBe(false);

      const resumed = await runCli(investigateArgs(dir, name), env);
      expect(resumed.code, resumed.stderr).toBe(0);
      const events = readLedger(path.join(dir, `${name}.sqlite`));
      expect(ledgerShapeProblems(events)).toEqual([]);
      expect(serialiseLedger(events)).toBe(serialiseLedger(expected));
      const diagnosis = readFileSync(path.join(dir, `${name}.json`), 'utf8');
      expect(JSON.parse(diagnosis)).toMatchObject({ frontier: ['shop/Service/frontend'], outcome: 'confident' });
      expect(diagnosis).toBe(readFileSync(path.join(dir, 'reference.json'), 'utf8'));
    }
  }, 120_000);

  it('survives a SIGKILL while a model call is in flight (llm policy)', async () => {
    const { dir, env } = workDir();
    let stalled: () => void = () => undefined;
    const isStalled = new Promise<void>((resolve) => (stalled = resolve));
    // Request 0 is the bootstrap phase, 1 and 2 the first two evaluations; the third evaluation's
    // request never gets an answer: the process is killed while it waits.
    const fake = await scratch.serve((request, index): FakeReply | Promise<FakeReply> => {
      if (index !== 3) return goodModel(request);
      stalled();
      return new Promise<FakeReply>(() => undefined);
    });
    const llm = [
      '--policy',
      'llm',
      '--base-url',
      fake.url,
      '--model',
      'fake-model',
      // An 8k model with a 6k request cap: packets close to the heuristic's, so the frontier compares.
      '--context-tokens',
      '8192',
      '--llm-request-cap',
      '6000',
      '--no-cache',
      '--llm-cache',
      path.join(dir, 'cache.sqlite'),
    ];

    const victim = startCli(investigateArgs(dir, 'killed', llm), env);
    await isStalled;
    victim.child.kill('SIGKILL');
    expect((await victim.done).signal).toBe('SIGKILL');
    // Two evaluations were committed; the third was in flight and left nothing behind.
    expect(evaluations(path.join(dir, 'killed.sqlite'))).toBe(2);

    const resumed = await runCli(investigateArgs(dir, 'killed', llm), env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const reference = await runCli(investigateArgs(dir, 'reference', llm), env);
    expect(reference.code, reference.stderr).toBe(0);

    const events = readLedger(path.join(dir, 'killed.sqlite'));
    expect(ledgerShapeProblems(events)).toEqual([]);
    expect(serialiseLedger(events)).toBe(serialiseLedger(readLedger(path.join(dir, 'reference.sqlite'))));
    expect(JSON.parse(readFileSync(path.join(dir, 'killed.json'), 'utf8'))).toMatchObject({
      frontier: ['shop/Service/frontend'],
      outcome: 'confident',
    });
  }, 120_000);
});

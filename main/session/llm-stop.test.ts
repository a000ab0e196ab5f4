import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import type { EventOf, LedgerEvent } from '../../core/ledger/index.js';
import { createLlmPolicy, type LlmPolicy } from '../policies/llm/index.js';
import type { FakeOpenAI } from '../policies/llm/testing/fake-openai.js';
import { packetOf } from '../policies/llm/testing/hostile.js';
import { goodModel } from '../policies/llm/testing/models.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { LARGE_MODEL } from './hostile-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';

/**
 * Stopping a run (its signal, or closing the investigation) while the model is answering cuts
 * the request rather than waiting for it, and writes nothing of the step in flight (like a
 * kill): the ledger resumes where it stopped and ends where an uninterrupted run ends.
 */
const scratch = useScratch();

/** Answers everything at once except the `slowFrom`-th explore question and later ones, which take `delayMs`. */
function slowFrom(slowFromIndex: number, delayMs: number): (request: FakeRequest) => ReturnType<typeof goodModel> {
  let explored = 0;
  return (request) => {
    if (packetOf(request) === null) return goodModel(request);
    explored++;
    return explored >= slowFromIndex ? { ...goodModel(request), delayMs } : goodModel(request);
  };
}

const explores = (fake: FakeOpenAI): FakeRequest[] => fake.requests.filter((r) => packetOf(r) !== null);
const judged = (events: readonly LedgerEvent[]): string[] =>
  events.filter((e): e is EventOf<'PolicyCalled'> => e.type === 'PolicyCalled').map((e) => e.node);

function policyFor(fake: FakeOpenAI): LlmPolicy {
  return createLlmPolicy({ model: 'stop', baseUrl: fake.url, cacheFile: null, retries: 3, ...LARGE_MODEL });
}

describe('stopping a run while the model is answering', () => {
  it('cuts the request when the run is aborted, writes nothing of that step, and resumes to the same end', async () => {
    const fake = await scratch.serve(slowFrom(3, 20_000));
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const abort = new AbortController();
    const policy = policyFor(fake);
    const started = performance.now();
    const stopWhenSlow = setInterval(() => {
      if (explores(fake).length >= 3) abort.abort();
    }, 20);
    try {
      await investigateSnapshot(sampleBundle, { policy, ledgerFile, signal: abort.signal });
    } finally {
      clearInterval(stopWhenSlow);
      policy.close();
    }
    // Well before the server's 20 s answer, and the server saw the connection closed.
    expect(performance.now() - started).toBeLessThan(10_000);
    const sent = explores(fake);
    expect(sent).toHaveLength(3);
    await vi.waitFor(() => expect(fake.cut).toEqual([sent[2]]), { timeout: 2_000 });
    // The two answered steps are in the ledger; the cut one is not (no fallback label, no RunStopped).
    const events = readLedger(ledgerFile);
    const cutNode = packetOf(sent[2] as FakeRequest)?.node;
    expect(judged(events)).toEqual(sent.slice(0, 2).map((r) => packetOf(r)?.node));
    expect(judged(events)).not.toContain(cutNode);
    expect(events.some((e) => e.type === 'PolicyFellBack' || e.type === 'RunStopped' || e.type === 'Finished')).toBe(false);

    // Resumed against a prompt server, the run ends where an uninterrupted one ends.
    const prompt = await scratch.serve(goodModel);
    const resumedPolicy = policyFor(prompt);
    const whole = policyFor(prompt);
    try {
      const resumed = await investigateSnapshot(sampleBundle, { policy: resumedPolicy, ledgerFile });
      const uninterrupted = await investigateSnapshot(sampleBundle, {
        policy: whole,
        ledgerFile: path.join(scratch.dir(), 'whole.sqlite'),
      });
      expect(resumed.diagnosis.outcome).toBe(uninterrupted.diagnosis.outcome);
      expect(resumed.diagnosis.frontier).toEqual(uninterrupted.diagnosis.frontier);
      expect(judged(readLedger(ledgerFile))).toContain(cutNode);
    } finally {
      resumedPolicy.close();
      whole.close();
    }
  }, 60_000);

  it('cuts the request when the investigation is closed while it runs', async () => {
    const fake = await scratch.serve(slowFrom(2, 20_000));
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const policy = policyFor(fake);
    const service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(sampleBundle) });
    try {
      await service.start({ settings: InvestigationSettings.parse({ policy: 'llm' }), policy, ledgerFile });
      service.run();
      await vi.waitFor(() => expect(explores(fake)).toHaveLength(2), { timeout: 10_000 });
      const closed = performance.now();
      service.close();
      await vi.waitFor(() => expect(fake.cut).toEqual([explores(fake)[1]]), { timeout: 2_000 });
      expect(performance.now() - closed).toBeLessThan(2_000);
    } finally {
      service.close();
      policy.close();
    }
    // Nothing of the cut step was written, and nothing more was asked.
    expect(explores(fake)).toHaveLength(2);
    expect(judged(readLedger(ledgerFile))).toEqual([packetOf(explores(fake)[0] as FakeRequest)?.node]);
  }, 30_000);
});

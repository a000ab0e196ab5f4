import { describe, expect, it, vi } from 'vitest';
import type { EventOf } from '../../core/ledger/index.js';
import { diagnosisFromLedger } from '../report/index.js';
import { packetOf } from '../policies/llm/testing/hostile.js';
import { goodModel, promptBlock } from '../policies/llm/testing/models.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { useScratch } from './cli-test-support.js';
import { investigateAgainst } from './hostile-test-support.js';

/** `--deadline` bounds the model request in flight, not only the walk between requests. */
const scratch = useScratch();

/** Answers the bootstrap and finalize at once, and each explore question after `delayMs`. */
function slowExplore(delayMs: number, times = Number.POSITIVE_INFINITY): (request: FakeRequest) => ReturnType<typeof goodModel> {
  let slowed = 0;
  return (request) => {
    if (packetOf(request) === null || slowed >= times) return goodModel(request);
    slowed++;
    return { ...goodModel(request), delayMs };
  };
}

const modelCalls = (events: readonly { type: string }[]): EventOf<'ModelCalled'>[] =>
  events.filter((e): e is EventOf<'ModelCalled'> => e.type === 'ModelCalled');

describe('--deadline with a request in flight', () => {
  it('cuts a request the server is still answering at the deadline and stops the run there', async () => {
    const started = performance.now();
    // The first question goes out about 0.5 s in on an idle machine (import, bootstrap; several
    // seconds under a loaded test run, hence the 4 s deadline); the server would answer it 30 s later.
    // Transport retries on: a cut request must not be sent again.
    const run = await investigateAgainst(scratch, slowExplore(30_000), { llm: { retries: 3 }, run: { deadlineMs: 4_000 } });
    const elapsed = performance.now() - started;

    expect(elapsed).toBeLessThan(15_000);
    expect(run.diagnosis.stopped).toMatchObject({ reason: 'deadline' });
    expect(run.events.some((e) => e.type === 'RunStopped' && e.reason === 'deadline')).toBe(true);
    // The server sees the connection closed (as soon as the socket's close reaches it), and no question was asked again.
    const explore = run.fake.requests.filter((r) => packetOf(r) !== null);
    expect(explore.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(run.fake.cut).toEqual(explore), { timeout: 1_000 });
    expect(new Set(explore.map((r) => packetOf(r)?.node)).size).toBe(explore.length);
    // Recorded as cut at the deadline, not as an endpoint fault.
    const cut = modelCalls(run.events).filter((c) => c.phase === 'explore');
    expect(cut.length).toBeGreaterThanOrEqual(explore.length);
    for (const call of cut) expect(call).toMatchObject({ outcome: 'skipped', detail: expect.stringMatching(/deadline/) });
    expect(run.stats.unreachable).toBe(0);
    // Nothing is sent after the deadline: the finalize question is not asked.
    expect(
      modelCalls(run.events)
        .filter((c) => c.phase === 'finalize')
        .every((c) => c.outcome === 'skipped'),
    ).toBe(true);
    // The ledger holds the whole run: the diagnosis rebuilt from it is the one returned.
    expect(diagnosisFromLedger(run.ledgerFile).diagnosis).toEqual(run.diagnosis);
  }, 60_000);

  it('cuts the bootstrap question too: the controller keeps its own window and seeds, and nothing more is asked', async () => {
    const isBootstrap = (request: FakeRequest): boolean => promptBlock(request, 'candidates') !== undefined;
    const started = performance.now();
    const run = await investigateAgainst(
      scratch,
      (request) => (isBootstrap(request) ? { ...goodModel(request), delayMs: 30_000 } : goodModel(request)),
      {
        llm: { retries: 3 },
        run: { deadlineMs: 4_000 },
      },
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    const asked = run.fake.requests.filter(isBootstrap);
    expect(asked).toHaveLength(1);
    await vi.waitFor(() => expect(run.fake.cut).toEqual(asked), { timeout: 1_000 });
    // Only the bootstrap question went out; it is recorded as cut, and the walk stopped at once.
    expect(run.fake.requests).toEqual(asked);
    const bootstrap = modelCalls(run.events).filter((c) => c.phase === 'bootstrap');
    expect(bootstrap).toEqual([expect.objectContaining({ outcome: 'skipped', detail: expect.stringMatching(/deadline/) })]);
    const chosen = run.events.find((e): e is EventOf<'BootstrapChosen'> => e.type === 'BootstrapChosen');
    expect(chosen).toMatchObject({ byModel: false });
    expect(chosen?.seeds.length).toBeGreaterThan(0);
    expect(run.diagnosis.stopped).toMatchObject({ reason: 'deadline' });
    expect(run.events.some((e) => e.type === 'PolicyCalled')).toBe(false);
    expect(run.stats.unreachable).toBe(0);
  }, 60_000);

  it('waits for a slow answer that comes before the deadline', async () => {
    const run = await investigateAgainst(scratch, slowExplore(1_500, 1), { llm: { retries: 3 }, run: { deadlineMs: 60_000 } });
    expect(run.diagnosis.stopped).toBeUndefined();
    expect(run.events.some((e) => e.type === 'RunStopped')).toBe(false);
    expect(run.fake.cut).toEqual([]);
    expect(modelCalls(run.events).every((c) => c.outcome === 'ok')).toBe(true);
    expect(run.events.some((e) => e.type === 'ProseWritten' && e.note === null)).toBe(true);
  }, 60_000);
});

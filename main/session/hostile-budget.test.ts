import { encodeChat } from 'gpt-tokenizer/model/gpt-4o';
import { describe, expect, it } from 'vitest';
import { diagnosisFromLedger } from '../report/index.js';
import { everythingOriginModel, packetOf } from '../policies/llm/testing/hostile.js';
import { goodModel } from '../policies/llm/testing/models.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { useScratch } from './cli-test-support.js';
import { investigateAgainst } from './hostile-test-support.js';

/** Issue 19, observations 5 and 6: budgets held and counted, and a ledger that misses nothing. */
const scratch = useScratch();

/** Prompt tokens of a request as the real o200k tokenizer counts a chat (framing included). */
function chatTokens(request: FakeRequest): number {
  const messages = (request.body?.messages ?? []).map((m) => ({ role: m.role as 'system' | 'user' | 'assistant', content: m.content }));
  return encodeChat(messages, 'gpt-4o').length;
}

/** Answers each question badly once (earning the corrective retry, the largest request), then well. */
function retryingModel(request: FakeRequest): { content?: string; status?: number } {
  const messages = request.body?.messages ?? [];
  return messages.length === 2 ? { content: `not JSON ${'… '.repeat(400)}` } : goodModel(request);
}

describe('budgets held and counted (observation 5)', () => {
  it('keeps every request, system prompt and corrective retry included, within 6k o200k tokens', async () => {
    const run = await investigateAgainst(scratch, retryingModel, { llm: { contextTokens: 32_768 } });
    const explore = run.fake.requests.filter((r) => packetOf(r) !== null);
    expect(explore.length).toBeGreaterThan(0);
    expect(run.fake.requests.some((r) => (r.body?.messages?.length ?? 0) === 4)).toBe(true);
    for (const request of run.fake.requests) expect(chatTokens(request)).toBeLessThanOrEqual(6000);
  }, 60_000);

  it('stops at the per-investigation token cap with a clear reason, counting every phase', async () => {
    const run = await investigateAgainst(scratch, everythingOriginModel, { llm: { tokenCap: 6000 } });
    expect(run.diagnosis.stopped).toMatchObject({ reason: 'token_cap' });
    expect(run.events.some((e) => e.type === 'RunStopped' && e.reason === 'token_cap')).toBe(true);
    // Totals include the bootstrap and finalize exchanges, not only the walk's.
    const calls = run.events.flatMap((e) => (e.type === 'ModelCalled' ? [e] : []));
    const sent = calls.reduce((sum, c) => sum + c.tokensIn, 0);
    expect(calls.some((c) => c.phase === 'bootstrap' && c.tokensIn > 0)).toBe(true);
    expect(run.diagnosis.run.tokensIn).toBe(sent);
    // After the cap nothing more is sent: finalize was skipped, not asked.
    expect(calls.filter((c) => c.phase === 'finalize').every((c) => c.outcome === 'skipped')).toBe(true);
  }, 60_000);

  it('stops at --deadline while a slow server answers', async () => {
    const slow = (request: FakeRequest) => ({ ...goodModel(request), delayMs: 250 });
    const run = await investigateAgainst(scratch, slow, { run: { deadlineMs: 600 } });
    expect(run.diagnosis.stopped).toMatchObject({ reason: 'deadline' });
    expect(run.events.at(-1)?.type === 'ProseWritten' || run.events.at(-1)?.type === 'Finished').toBe(true);
  }, 60_000);
});

describe('a complete ledger (observation 6)', () => {
  it('records every exchange, the bootstrap choice, finalize prose and invented ids before anything is stripped', async () => {
    let isInventing = true;
    const inventing = (request: FakeRequest) => {
      const packet = packetOf(request);
      const good = goodModel(request);
      if (!packet || !isInventing || good.content === undefined) return good;
      isInventing = request.body?.messages?.length === 2;
      const answer = { ...JSON.parse(good.content), evidence: ['log:999999', 'made-up'] };
      return { content: JSON.stringify(answer) };
    };
    const run = await investigateAgainst(scratch, inventing);
    const calls = run.events.filter((e) => e.type === 'ModelCalled');
    expect(calls).toHaveLength(run.fake.requests.length);
    expect(new Set(calls.map((c) => c.type === 'ModelCalled' && c.phase))).toEqual(new Set(['bootstrap', 'explore', 'finalize']));
    expect(run.events.filter((e) => e.type === 'BootstrapChosen')).toHaveLength(1);
    expect(run.events.filter((e) => e.type === 'ProseWritten')).toHaveLength(1);
    const rejected = run.events.find((e) => e.type === 'ClaimRejected' && e.reason === 'fabricated evidence');
    expect(rejected).toMatchObject({ claim: null, evidence: ['log:999999', 'made-up'] });
    expect(run.stats.fabricatedIds).toBe(2);
    expect(diagnosisFromLedger(run.ledgerFile).diagnosis).toEqual(run.diagnosis);
  }, 60_000);
});

import { encodeChat } from 'gpt-tokenizer/model/gpt-4o';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import {
  INVENTED_ID,
  MECHANISM_TEXT,
  UNKNOWN_ENTITY,
  inventingModel,
  mechanismModel,
  suspiciousHypothesisModel,
} from '../policies/llm/testing/hypotheses.js';
import type { FakeRequest, FakeScript } from '../policies/llm/testing/fake-openai.js';
import { packetOf } from '../policies/llm/testing/hostile.js';
import { createLlmPolicy } from '../policies/llm/index.js';
import { useScratch } from './cli-test-support.js';
import { injectedBundle, investigateAgainst } from './hostile-test-support.js';

/** Issue 14: the LLM proposes and scores hypotheses through the guarded contract, over real HTTP. */
const scratch = useScratch();

function withLayer(script: FakeScript, bundle?: string) {
  return investigateAgainst(scratch, script, {
    llm: { hypotheses: true, retries: 1 },
    run: { settings: { hypotheses: {} } },
    ...(bundle ? { bundle } : {}),
  });
}

function ofType<T extends LedgerEvent['type']>(events: readonly LedgerEvent[], type: T): Array<Extract<LedgerEvent, { type: T }>> {
  return events.filter((e): e is Extract<LedgerEvent, { type: T }> => e.type === type);
}

describe('model-proposed hypotheses (fake OpenAI-compatible server)', () => {
  it('asks for hypotheses with explore v3 and takes a correct mechanism into the tree with its support', async () => {
    const run = await withLayer(mechanismModel);
    const explore = run.fake.requests.filter((r) => r.body?.messages?.some((m) => m.content.includes('<packet>')));
    expect(explore.length).toBeGreaterThan(0);
    for (const r of explore) expect(r.body?.messages?.[0]?.content).toContain('"hypotheses"');
    const proposed = ofType(run.events, 'HypothesisProposed');
    expect(proposed.length).toBeGreaterThan(0);
    expect(ofType(run.events, 'HypothesisRejected')).toEqual([]);
    expect(run.diagnosis.frontier).toEqual(['shop/Service/frontend']);
    const mechanism = (run.diagnosis.hypotheses ?? []).find((h) => h.level === 3 && h.status === 'accepted');
    expect(mechanism?.statement).toContain(MECHANISM_TEXT);
    expect(mechanism?.source).toBe('model');
    const cited = proposed.find((p) => p.entity === mechanism?.entity);
    expect(cited).toBeDefined();
    for (const id of cited?.support ?? []) expect(mechanism?.support).toContain(id);
    // The model-named mechanism is marked as the model's in the ledger.
    expect(ofType(run.events, 'HypothesisRefined').some((e) => e.level === 3 && e.source === 'model')).toBe(true);
    const listed = new Set(run.diagnosis.evidence.map((e) => e.id));
    for (const h of run.diagnosis.hypotheses ?? []) for (const id of [...h.support, ...h.refute]) expect(listed.has(id)).toBe(true);
  }, 60_000);

  it('records a rejection for a hypothesis on an unknown entity or citing invented evidence, and none enters the tree', async () => {
    const run = await withLayer(inventingModel);
    const rejected = ofType(run.events, 'HypothesisRejected');
    expect(rejected.some((r) => r.reason === 'unknown entity' && r.proposal.entity === UNKNOWN_ENTITY)).toBe(true);
    expect(rejected.some((r) => r.reason === 'fabricated evidence' && r.evidence.includes(INVENTED_ID))).toBe(true);
    expect(ofType(run.events, 'HypothesisProposed')).toEqual([]);
    for (const h of run.diagnosis.hypotheses ?? []) {
      expect(h.entity).not.toBe(UNKNOWN_ENTITY);
      expect(h.support).not.toContain(INVENTED_ID);
    }
    expect(run.diagnosis.frontier).toEqual(['shop/Service/frontend']);
  }, 60_000);

  it('does not believe a hostile model whose hypothesis rests on suspicious text only', async () => {
    const target = 'shop/Service/database';
    const run = await withLayer(suspiciousHypothesisModel(target), injectedBundle(scratch, target));
    const rejected = ofType(run.events, 'HypothesisRejected');
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((r) => r.reason === 'suspicious support only' && r.proposal.entity === target)).toBe(true);
    expect(ofType(run.events, 'HypothesisProposed').some((p) => p.entity === target)).toBe(false);
    const onTarget = (run.diagnosis.hypotheses ?? []).filter((h) => h.entity === target);
    expect(onTarget.some((h) => h.status === 'accepted' || h.status === 'open')).toBe(false);
    expect(run.diagnosis.frontier).not.toContain(target);
  }, 60_000);

  it('keeps every request within the 6k budget with the longer prompt, corrective retries included', async () => {
    const off = createLlmPolicy({ model: 'm', baseUrl: 'http://127.0.0.1:9', cacheFile: null });
    const on = createLlmPolicy({ model: 'm', baseUrl: 'http://127.0.0.1:9', cacheFile: null, hypotheses: true });
    // The packet budget pays for the longer prompt and reply schema.
    expect(on.packetTokenBudget).toBeLessThan(off.packetTokenBudget);
    off.close();
    on.close();
    const chatTokens = (request: FakeRequest): number =>
      encodeChat(
        (request.body?.messages ?? []).map((m) => ({ role: m.role as 'system' | 'user' | 'assistant', content: m.content })),
        'gpt-4o',
      ).length;
    // Each question is answered badly once (the corrective retry is the largest request), then well.
    const retrying = (request: FakeRequest) =>
      (request.body?.messages?.length ?? 0) === 2 ? { content: `not JSON ${'… '.repeat(400)}` } : mechanismModel(request);
    const target = 'shop/Service/database';
    const run = await investigateAgainst(scratch, retrying, {
      llm: { hypotheses: true, contextTokens: 32_768, retries: 1 },
      run: { settings: { hypotheses: {} } },
      bundle: injectedBundle(scratch, target, 200),
    });
    expect(run.fake.requests.filter((r) => packetOf(r) !== null).length).toBeGreaterThan(0);
    expect(run.fake.requests.some((r) => (r.body?.messages?.length ?? 0) === 4)).toBe(true);
    const sizes = run.fake.requests.map(chatTokens);
    expect(Math.max(...sizes)).toBeGreaterThan(3000);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(6000);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../core/context/index.js';
import { evaluateHeuristic } from '../../../core/policy/heuristic/index.js';
import { guardOutput } from '../../../core/controller/index.js';
import { workedExampleGraph } from '../../../core/controller/worked-example.fixture.js';
import { promptBudget } from './budget.js';
import { goodModel } from './testing/models.js';
import { testPolicy, workedExamplePacket, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();

const packet = workedExamplePacket();
const good = JSON.stringify(evaluateHeuristic(packet));

describe('explore phase against a fake OpenAI server', () => {
  it('returns the answer of a good model with accounting and bounded, deterministic requests', async () => {
    const server = await serve('good');
    const policy = testPolicy(server.url);
    const result = await policy.evaluate(packet);
    expect(result.output).toEqual(evaluateHeuristic(packet));
    expect(result).toMatchObject({ error: null, cached: false });
    expect(result.tokensIn).toBeGreaterThan(0);
    expect(result.tokensOut).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]?.body;
    expect(body).toMatchObject({ model: 'test-model', temperature: 0, max_tokens: 1024 });
    expect(body?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'policy_output', strict: true } });
    const promptTokens = (body?.messages ?? []).reduce((sum, m) => sum + countTokens(m.content), 0);
    expect(promptTokens).toBeLessThanOrEqual(promptBudget({ contextTokens: 8192, maxTokens: 1024 }));
  });

  it('shows the model its malformed JSON once and uses the corrected answer', async () => {
    const server = await serve((request, i) => (i === 0 ? { content: '{"label": "Origin", ' } : goodModel(request)));
    const policy = testPolicy(server.url);
    const result = await policy.evaluate(packet);
    expect(result.output.label).toBe(evaluateHeuristic(packet).label);
    expect(result.error).toBeNull();
    const retry = server.requests[1]?.body?.messages ?? [];
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3]?.content).toContain('no JSON object');
    expect(policy.stats().correctiveRetries).toBe(1);
  });

  it("falls back to the heuristic's judgement, with the validation error, when the schema is violated twice", async () => {
    const server = await serve(() => ({ content: '{"label": "Origin", "confidence": 3}' }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(result.output.label).toBe(evaluateHeuristic(packet).label);
    expect(result.fallback).toMatch(/does not match the schema/);
    expect(result.error).toMatch(/does not match the schema/);
    expect(server.requests).toHaveLength(2);
  });

  it('accepts JSON wrapped in prose and code fences', async () => {
    const server = await serve(() => ({ content: `Sure! Here is my answer:\n\`\`\`json\n${good}\n\`\`\`\nHope this helps {not json}.` }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(result.output).toEqual(evaluateHeuristic(packet));
    expect(server.requests).toHaveLength(1);
  });

  it('passes invented evidence ids on to the guard, counted once, which records them and defers', async () => {
    const invented = { ...JSON.parse(good), label: 'Origin', evidence: ['db-oom', 'made-up-1', 'made-up-2'] };
    const server = await serve(() => ({ content: JSON.stringify(invented) }));
    const policy = testPolicy(server.url);
    const result = await policy.evaluate(packet);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body?.messages?.[3]?.content).toContain('made-up-1');
    expect(result.output.evidence).toEqual(['db-oom', 'made-up-1', 'made-up-2']);
    expect(result.error).toMatch(/not in the packet/);
    expect(policy.stats().fabricatedIds).toBe(2);
    const guarded = guardOutput(packet.node, result.output, packet, workedExampleGraph());
    expect(guarded.rejections).toEqual([
      expect.objectContaining({ reason: 'fabricated evidence', claim: null, evidence: ['made-up-1', 'made-up-2'] }),
    ]);
    expect(guarded.belief.label).toBe('Defer');
  });

  it('passes a claim citing an invented id to the guard, which rejects it and defers', async () => {
    const claim = { from: 'shop/Service/processor', to: packet.node, evidence: ['ghost'], condition: 'c', effect: 'e' };
    const answer = { ...JSON.parse(good), label: 'Symptom', evidence: ['db-oom'], claims: [claim] };
    const server = await serve(() => ({ content: JSON.stringify(answer) }));
    const result = await testPolicy(server.url).evaluate(packet);
    const guarded = guardOutput(packet.node, result.output, packet, workedExampleGraph());
    expect(guarded.belief.label).toBe('Defer');
    expect(guarded.claims).toEqual([]);
    expect(guarded.rejections).toEqual([expect.objectContaining({ reason: 'fabricated evidence', evidence: ['ghost'] })]);
  });

  it('treats a truncated reply as an error even when it parses', async () => {
    const server = await serve(() => ({ content: good, finishReason: 'length' }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(result.fallback).toMatch(/cut off/);
    expect(result.error).toMatch(/cut off at the 1024-token limit/);
    expect(server.requests).toHaveLength(2);
  });

  it('counts tokens locally when the server reports no usage', async () => {
    const server = await serve(() => ({ content: good, hasUsage: false }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(result.tokensIn).toBeGreaterThan(100);
    expect(result.tokensOut).toBe(countTokens(good));
  });
});

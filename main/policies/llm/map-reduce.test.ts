import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../core/context/index.js';
import { guardOutput } from '../../../core/controller/index.js';
import { makeEvidence } from '../../../core/controller/test-support.js';
import { workedExampleGraph } from '../../../core/controller/worked-example.fixture.js';
import type { ContextPacket, EvidenceItem } from '../../../core/model/index.js';
import { promptBudget } from './budget.js';
import { type FakeRequest } from './testing/fake-openai.js';
import { promptBlock } from './testing/models.js';
import { testPolicy, workedExamplePacket, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();

const options = { contextTokens: 2048, maxTokens: 256 };

function bigPacket(): ContextPacket {
  const base = workedExamplePacket();
  const logs: EvidenceItem[] = Array.from({ length: 30 }, (_, i) =>
    makeEvidence({
      id: `log-${i}`,
      entity: base.node,
      summary: `connection pool exhausted while serving request batch ${i}: waited 30000 ms for a free connection to the primary`,
      detail: {
        type: 'log_template',
        template: `pool exhausted <*> batch ${i}`,
        windowCount: 40 + i,
        baselineCount: 0,
        rateRatio: null,
        isNew: true,
        isGone: false,
        isError: true,
      },
    }),
  );
  return { ...base, evidence: [...base.evidence, ...logs] };
}

const schemaName = (r: FakeRequest): string | undefined => r.body?.response_format?.json_schema?.name;
const idsOf = (block: unknown): string[] => (Array.isArray(block) ? block.map((e: { id: string }) => e.id) : []);
const promptTokensOf = (r: FakeRequest): number => (r.body?.messages ?? []).slice(0, 2).reduce((sum, m) => sum + countTokens(m.content), 0);

describe('map-reduce over packets larger than the model context', () => {
  it('reads every item in chunks that fit, keeps notes to their chunk, and decides on the notes', async () => {
    const packet = bigPacket();
    let isFirstMap = true;
    const fake = await serve((request) => {
      if (schemaName(request) === 'chunk_notes') {
        const ids = idsOf(promptBlock(request, 'chunk'));
        // The first map answer cites an id of another chunk: it must be corrected.
        const cited = isFirstMap ? [ids.includes('log-0') ? 'log-29' : 'log-0'] : ids.slice(0, 2);
        isFirstMap = false;
        return { content: JSON.stringify({ notes: [{ text: 'pool exhausted', evidence: cited }] }) };
      }
      const notes = promptBlock(request, 'notes');
      const noteIds = Array.isArray(notes) ? notes.flatMap((n: { evidence: string[] }) => n.evidence) : [];
      const answer = {
        label: 'Origin',
        confidence: 0.8,
        evidence: [noteIds[0], 'log-never-noted'],
        summary: 'pool',
        reasoning: ['r'],
        claims: [],
        proposals: [],
      };
      return { content: JSON.stringify(answer) };
    });
    const policy = testPolicy(fake.url, options);
    const result = await policy.evaluate(packet);

    const maps = fake.requests.filter((r) => schemaName(r) === 'chunk_notes' && r.body?.messages?.length === 2);
    expect(maps.length).toBeGreaterThan(1);
    const seen = maps.flatMap((r) => idsOf(promptBlock(r, 'chunk')));
    expect([...seen].sort()).toEqual(packet.evidence.map((e) => e.id).sort());
    for (const r of fake.requests) expect(promptTokensOf(r)).toBeLessThanOrEqual(promptBudget(options));
    expect(fake.requests.filter((r) => r.body?.messages?.length === 4 && schemaName(r) === 'chunk_notes')).toHaveLength(1);
    // 'log-never-noted' is in no packet: fabrication, which the guard records and defers.
    expect(result.error).toMatch(/log-never-noted/);
    const guarded = guardOutput(packet.node, result.output, packet, workedExampleGraph());
    expect(guarded.belief.label).toBe('Defer');
    expect(guarded.rejections).toEqual([expect.objectContaining({ reason: 'fabricated evidence', evidence: ['log-never-noted'] })]);
    expect(policy.stats().fabricatedIds).toBe(1);
  });

  it('falls back to the heuristic with an actionable reason when even the packet without evidence does not fit', async () => {
    const fake = await serve('good');
    const packet = bigPacket();
    const crowded = {
      ...packet,
      inbox: [],
      neighbours: Array.from({ length: 200 }, (_, i) => ({
        id: `shop/Service/n${i}`,
        kind: 'Service',
        relation: 'calls' as const,
        direction: 'out' as const,
        isDiscovered: false,
        belief: null,
      })),
    };
    const result = await testPolicy(fake.url, { contextTokens: 2048, maxTokens: 256 }).evaluate(crowded);
    expect(result.fallback).toMatch(/raise --context-tokens/);
    expect(result.error).toMatch(/raise --context-tokens/);
  });
});

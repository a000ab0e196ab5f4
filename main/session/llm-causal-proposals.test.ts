import { encodeChat } from 'gpt-tokenizer/model/gpt-4o';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { ContextPacket } from '../../core/model/index.js';
import { DEFAULT_REQUEST_TOKEN_CAP } from '../policies/llm/budget.js';
import { goodModel, promptBlock } from '../policies/llm/testing/models.js';
import type { FakeReply, FakeRequest } from '../policies/llm/testing/wire.js';
import { useScratch } from './cli-test-support.js';
import { investigateAgainst } from './hostile-test-support.js';

/** Model-proposed operations on the causal graph (docs/causal-graph.md §6) through the LLM policy, real HTTP. */
const scratch = useScratch();
const DATABASE = 'shop/Service/database';
const GATEWAY = 'shop/Service/gateway';
const MEMORY = 'anomaly:shop/Pod/database-0:memory_utilisation';
const REQUESTS = 'anomaly:shop/Pod/database-0:requests_per_second';

const op = (fields: Record<string, unknown>) => ({
  type: '',
  entity: '',
  to_type: '',
  to_entity: '',
  alert: '',
  evidence: [],
  why: '',
  ...fields,
});

/**
 * Judges like the good model and, on the database's packet, proposes: a traffic surge (accepted:
 * its request-rate anomaly indicates it) causing the memory pressure its labels derived
 * (accepted: a relation of the knowledge); an anomaly citing an invented id and one on an entity the
 * topology lacks (violations); and two malformed operations (warnings). On the gateway's packet it
 * proposes a causality the knowledge has no chain for (a violation).
 */
function proposingModel(request: FakeRequest): FakeReply {
  const reply = goodModel(request);
  const packet = ContextPacket.safeParse(promptBlock(request, 'packet'));
  if (!packet.success || reply.content === undefined) return reply;
  const answer = JSON.parse(reply.content) as object;
  // The gateway's errors cannot cause the database's OOM kill: no chain of the knowledge leads there.
  if (packet.data.node === GATEWAY)
    return {
      content: JSON.stringify({
        ...answer,
        causal: [
          op({ op: 'add_causality', type: 'error_rate', entity: GATEWAY, to_type: 'oom_killed', to_entity: DATABASE, why: 'backwards' }),
        ],
      }),
    };
  if (packet.data.node !== DATABASE) return reply;
  const causal = [
    op({ op: 'create_anomaly', type: 'traffic_surge', entity: DATABASE, evidence: [REQUESTS] }),
    op({
      op: 'add_causality',
      type: 'traffic_surge',
      entity: DATABASE,
      to_type: 'memory_pressure',
      to_entity: DATABASE,
      evidence: [REQUESTS, MEMORY],
      why: 'more requests held more memory',
    }),
    op({ op: 'create_anomaly', type: 'latency', entity: DATABASE, evidence: ['invented:42'] }),
    op({ op: 'create_anomaly', type: 'latency', entity: 'shop/Service/nowhere', evidence: [MEMORY] }),
    { op: 'add_causality', type: 42 },
    'not an operation',
  ];
  return { content: JSON.stringify({ ...answer, causal }) };
}

const ofType = <T extends LedgerEvent['type']>(events: readonly LedgerEvent[], type: T) =>
  events.filter((e): e is Extract<LedgerEvent, { type: T }> => e.type === type);

const chatTokens = (request: FakeRequest): number =>
  encodeChat(
    (request.body?.messages ?? []).map((m) => ({ role: m.role as 'system' | 'user' | 'assistant', content: m.content })),
    'gpt-4o',
  ).length;

describe('causal-graph proposals from the LLM policy (fake OpenAI-compatible server)', () => {
  it('asks for them with the knowledge types, takes a valid one into the graph, records violations and warns on malformed ones', async () => {
    const run = await investigateAgainst(scratch, proposingModel, { defaults: true });
    const explore = run.fake.requests.filter((r) => promptBlock(r, 'packet') !== undefined);
    expect(explore.length).toBeGreaterThan(0);
    for (const r of explore) {
      expect(r.body?.messages?.[0]?.content).toContain('"causal"');
      expect(r.body?.messages?.[0]?.content).toContain('"oom_killed"');
    }
    // With the defaults, every request (the longer prompt included) stays under the 3k cap, counted by the real tokenizer.
    for (const r of run.fake.requests) expect(chatTokens(r)).toBeLessThan(DEFAULT_REQUEST_TOKEN_CAP);

    const graph = run.diagnosis.causal_graph;
    expect(graph).toBeDefined();
    if (!graph) return;
    expect(graph.nodes).toContainEqual(expect.objectContaining({ id: `traffic_surge@${DATABASE}`, source: 'model', evidence: [REQUESTS] }));
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ from: `traffic_surge@${DATABASE}`, to: `memory_pressure@${DATABASE}`, source: 'model', violation: null }),
    );
    const model = graph.violations.filter((v) => v.source === 'model');
    expect(model.map((v) => [v.by, v.reason])).toEqual([
      [DATABASE, 'fabricated evidence: invented:42'],
      [DATABASE, '"shop/Service/nowhere" is not an entity of the topology'],
      [GATEWAY, expect.stringContaining('no chain from error_rate to oom_killed')],
    ]);
    expect(model.every((v) => v.enforced)).toBe(true);
    expect(graph.edges.some((e) => e.from === `error_rate@${GATEWAY}`)).toBe(false);

    // Malformed operations are warnings on the node's call; its judgement stands (no fallback).
    const call = ofType(run.events, 'PolicyCalled').find((c) => c.node === DATABASE);
    expect(call?.error).toMatch(/causal\[4\] not read \(type: .*causal\[5\] not read/s);
    expect(ofType(run.events, 'PolicyFellBack').filter((f) => f.node === DATABASE)).toEqual([]);
    expect(run.stats.correctiveRetries).toBe(0);
  }, 60_000);

  it('keeps every request under the default cap with the hypothesis layer too (explore v5), corrective retries included', async () => {
    // Each question is answered badly once (the corrective retry is the largest request), then well.
    const retrying = (request: FakeRequest): FakeReply =>
      (request.body?.messages?.length ?? 0) === 2 ? { content: `not JSON ${'… '.repeat(400)}` } : proposingModel(request);
    const run = await investigateAgainst(scratch, retrying, {
      llm: { hypotheses: true, retries: 1 },
      run: { settings: { hypotheses: {} } },
      defaults: true,
    });
    const explore = run.fake.requests.filter((r) => promptBlock(r, 'packet') !== undefined);
    expect(
      explore.some((r) => r.body?.messages?.[0]?.content.includes('"hypotheses"') && r.body.messages[0].content.includes('"causal"')),
    ).toBe(true);
    expect(run.fake.requests.some((r) => (r.body?.messages?.length ?? 0) === 4)).toBe(true);
    for (const r of run.fake.requests) expect(chatTokens(r)).toBeLessThan(DEFAULT_REQUEST_TOKEN_CAP);
  }, 60_000);

  it('asks for none when the causal-graph layer is off', async () => {
    const run = await investigateAgainst(scratch, proposingModel, {
      run: { settings: { causalGraph: { enabled: false } } },
      defaults: true,
    });
    const explore = run.fake.requests.filter((r) => promptBlock(r, 'packet') !== undefined);
    expect(explore.length).toBeGreaterThan(0);
    for (const r of explore) expect(r.body?.messages?.[0]?.content).not.toContain('"causal"');
    expect(run.diagnosis.causal_graph).toBeUndefined();
  }, 60_000);
});

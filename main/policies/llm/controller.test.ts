import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countTokens } from '../../../core/context/index.js';
import { createController, type Policy } from '../../../core/controller/index.js';
import { createMemoryPacketBuilder } from '../../../core/controller/test-support.js';
import { ids, workedExampleEvidence, workedExampleGraph } from '../../../core/controller/worked-example.fixture.js';
import { createHeuristicPolicy } from '../../../core/policy/heuristic/index.js';
import { promptBudget } from './budget.js';
import { testPolicy, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();
afterEach(() => {
  vi.restoreAllMocks();
});

async function investigate(policy: Policy) {
  const graph = workedExampleGraph();
  const controller = createController({
    graph,
    settings: { budget: 40, concurrency: 2 },
    seeds: [ids.gateway, ids.database, ids.frontend].map((node) => ({ node, reason: 'alerting' })),
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy,
    snapshotHash: 'worked-example',
  });
  const finished = await controller.run();
  const calls = controller.events.filter((e) => e.type === 'PolicyCalled');
  const beliefs = controller.events.flatMap((e) => (e.type === 'BeliefSet' ? [[e.node, e.belief]] : []));
  return { finished, calls, beliefs, ledger: JSON.stringify(controller.events) };
}

describe('the llm policy inside the controller (worked example)', () => {
  it('reaches the same frontier as the heuristic policy when the model answers well', async () => {
    const server = await serve('good');
    const reference = await investigate(createHeuristicPolicy());
    expect(reference.finished?.frontier.length).toBeGreaterThan(0);
    const run = await investigate(testPolicy(server.url, { apiKey: 'sk-test-secret' }));
    expect(run.finished?.frontier).toEqual(reference.finished?.frontier);
    expect(run.finished?.outcome).toBe(reference.finished?.outcome);
    expect(run.beliefs).toEqual(reference.beliefs);
    expect(run.calls.every((c) => c.type === 'PolicyCalled' && c.error === null && c.model === 'test-model' && (c.tokensIn ?? 0) > 0)).toBe(
      true,
    );
    expect(server.requests).toHaveLength(run.calls.length);
    for (const request of server.requests) {
      expect(request.body).toMatchObject({ temperature: 0, max_tokens: 1024 });
      const prompt = (request.body?.messages ?? []).reduce((sum, m) => sum + countTokens(m.content), 0);
      expect(prompt).toBeLessThanOrEqual(promptBudget({ contextTokens: 8192, maxTokens: 1024 }));
      expect(request.headers.authorization).toBe('Bearer sk-test-secret');
    }
    expect(run.ledger).not.toContain('sk-test-secret');
  });

  it("degrades to the heuristic's judgement node by node, recorded, when every answer is garbage", async () => {
    const server = await serve('garbage');
    const reference = await investigate(createHeuristicPolicy());
    const run = await investigate(testPolicy(server.url));
    expect(run.finished?.frontier).toEqual(reference.finished?.frontier);
    expect(run.calls.every((c) => c.type === 'PolicyCalled' && c.error !== null)).toBe(true);
    const events = JSON.parse(run.ledger) as Array<{ type: string }>;
    expect(events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(run.calls.length);
    expect(events.filter((e) => e.type === 'ModelCalled')).toHaveLength(run.calls.length * 2);
    // The bound: evaluations × (1 + one corrective retry) × (1 + transport retries); no faults here.
    expect(server.requests).toHaveLength(run.calls.length * 2);
  });

  it('talks to the configured base URL only, and every request reaches the fake', async () => {
    const server = await serve('good');
    const hosts: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      hosts.push(new URL(input instanceof Request ? input.url : String(input)).host);
      return fetch(input, init);
    };
    const connects: unknown[] = [];
    const original = net.Socket.prototype.connect;
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      connects.push(args[0]);
      return Reflect.apply(original, this, args) as net.Socket;
    });
    await investigate(testPolicy(server.url, {}, { fetch: recordingFetch }));
    const expectedHost = new URL(server.url).host;
    expect(hosts.length).toBeGreaterThan(0);
    expect(new Set(hosts)).toEqual(new Set([expectedHost]));
    expect(server.requests).toHaveLength(hosts.length);
    expect(connects.length).toBeGreaterThan(0);
    for (const target of connects) expect(JSON.stringify(target)).toContain('127.0.0.1');
  });
});

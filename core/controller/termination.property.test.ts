import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labels } from '../model/index.js';
import type { ContextPacket, PolicyOutput } from '../model/index.js';
import { fold } from '../ledger/index.js';
import { createController } from './controller.js';
import { computeFrontier } from './frontier.js';
import { visitLimit } from './evaluate.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, seededRandom, servicesGraph, svc } from './test-support.js';

/** An adversarial policy: random labels (so flip-flops), fabricated citations, claims and proposals anywhere. */
function adversary(seed: number, names: readonly string[]): (packet: ContextPacket) => PolicyOutput {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return (packet) => {
    const ids = packet.evidence.map((e) => e.id);
    const cite = () => (random() < 0.1 ? ['fabricated'] : ids.filter(() => random() < 0.5));
    const claims = Array.from({ length: Math.floor(random() * 3) }, () => ({
      from: svc(pick(names)),
      to: random() < 0.5 ? packet.node : svc(pick(names)),
      evidence: cite(),
      condition: '',
      effect: '',
    }));
    const proposals = Array.from({ length: Math.floor(random() * 3) }, () => svc(pick(names)));
    return output({ label: pick(labels), confidence: random(), evidence: cite(), claims, proposals });
  };
}

const scenario = fc.record({
  size: fc.integer({ min: 1, max: 10 }),
  edges: fc.array(fc.tuple(fc.nat(9), fc.nat(9)), { maxLength: 25 }),
  seeds: fc.array(fc.nat(9), { minLength: 1, maxLength: 4 }),
  policySeed: fc.integer(),
  settings: fc.record({
    budget: fc.integer({ min: 0, max: 300 }),
    maxVisits: fc.integer({ min: 1, max: 5 }),
    cooldown: fc.integer({ min: 0, max: 3 }),
    kFlips: fc.integer({ min: 0, max: 3 }),
    revision: fc.boolean(),
    concurrency: fc.integer({ min: 1, max: 3 }),
  }),
});

describe('termination (property)', () => {
  it('always reaches a fixed point or the budget within maxVisits·|V_S| evaluations; damped nodes stay put', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ size, edges, seeds, policySeed, settings }) => {
        const names = Array.from({ length: size }, (_, i) => `n${i}`);
        const graph = servicesGraph(
          names,
          edges.filter(([a, b]) => a < size && b < size).map(([a, b]) => [`n${a}`, `n${b}`] as const),
        );
        const evidence = new Map(
          names.map((n) => [svc(n), [makeEvidence({ id: `${n}-e`, entity: svc(n), detail: { type: 'log', severity: 'error' } })]]),
        );
        const controller = createController({
          graph,
          settings,
          seeds: seeds.filter((s) => s < size).map((s) => ({ node: svc(`n${s}`), reason: 'seed' })),
          packets: createMemoryPacketBuilder(graph, evidence),
          policy: scriptedPolicy(adversary(policySeed, names)),
          snapshotHash: 'property',
        });
        const finished = await controller.run();
        expect(finished).not.toBeNull();
        const { state, events } = controller;
        const visited = [...state.nodes.values()].filter((n) => n.visits > 0);
        expect(state.evaluations).toBeLessThanOrEqual(visitLimit(controller.settings) * visited.length);
        for (const node of visited) expect(node.visits).toBeLessThanOrEqual(visitLimit(controller.settings));
        for (const damped of events) {
          if (damped.type !== 'Damped') continue;
          expect(events.some((e) => e.type === 'StepStarted' && e.node === damped.node && e.seq > damped.seq)).toBe(false);
        }
        if (finished?.reason === 'fixed_point') expect(state.active.size).toBe(0);
        else expect(state.evaluations).toBe(settings.budget);
        const { frontier, outcome, ranking } = computeFrontier(fold(events));
        expect({ frontier, outcome, ranking }).toEqual({
          frontier: finished?.frontier,
          outcome: finished?.outcome,
          ranking: finished?.ranking,
        });
      }),
      { numRuns: 150, seed: 20260301 },
    );
  });
});

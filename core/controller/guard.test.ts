import { describe, expect, it } from 'vitest';
import type { ContextPacket } from '../model/index.js';
import { createController } from './controller.js';
import { guardOutput } from './guard.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, servicesGraph, svc } from './test-support.js';

const graph = servicesGraph(['a', 'b']);
const evidence = new Map([[svc('a'), [makeEvidence({ id: 'a-oom', entity: svc('a'), detail: { type: 'log', severity: 'error' } })]]]);
const packet: ContextPacket = createMemoryPacketBuilder(graph, evidence).build(svc('a'), {
  belief: () => null,
  inbox: () => [],
  neighbours: () => [],
  visits: () => 0,
});

describe('fabrication guard', () => {
  it('passes a belief that cites only packet evidence', () => {
    const guarded = guardOutput(svc('a'), output({ label: 'Origin', evidence: ['a-oom', 'a-oom'] }), packet, graph);
    expect(guarded.rejections).toEqual([]);
    expect(guarded.belief).toMatchObject({ label: 'Origin', evidence: ['a-oom'] });
  });

  it('rejects a belief citing unknown evidence and falls back to Defer', () => {
    const guarded = guardOutput(svc('a'), output({ label: 'Origin', evidence: ['a-oom', 'made-up'] }), packet, graph);
    expect(guarded.rejections).toEqual([
      { type: 'ClaimRejected', node: svc('a'), reason: 'fabricated evidence', claim: null, evidence: ['made-up'] },
    ]);
    expect(guarded.belief).toMatchObject({ label: 'Defer', evidence: ['a-oom'] });
  });

  it('rejects fabricated, unknown-entity and self-loop claims and keeps sound ones', () => {
    const claim = (from: string, to: string, ids: string[]) => ({ from, to, evidence: ids, condition: '', effect: '' });
    const guarded = guardOutput(
      svc('a'),
      output({
        label: 'Symptom',
        evidence: ['a-oom'],
        claims: [
          claim(svc('b'), svc('a'), ['a-oom']),
          claim(svc('b'), svc('a'), ['ghost']),
          claim('ns/Service/zzz', svc('a'), []),
          claim(svc('a'), svc('a'), []),
        ],
        proposals: [svc('b'), 'ns/Service/zzz', svc('a')],
      }),
      packet,
      graph,
    );
    expect(guarded.claims).toEqual([claim(svc('b'), svc('a'), ['a-oom'])]);
    expect(guarded.rejections.map((r) => r.reason)).toEqual(['fabricated evidence', 'unknown entity', 'self loop']);
    expect(guarded.belief.label).toBe('Defer');
    expect(guarded.proposals).toEqual([svc('b')]);
  });

  it('turns output that fails the schema into Defer', () => {
    const guarded = guardOutput(svc('a'), { label: 'Origin', confidence: 7 }, packet, graph);
    expect(guarded.belief).toMatchObject({ label: 'Defer', evidence: [], confidence: 0 });
    expect(guarded.reasoning[0]).toMatch(/failed validation/);
  });

  it('records the rejection in the ledger and never adds the fabricated edge', async () => {
    const controller = createController({
      graph,
      settings: { budget: 5 },
      seeds: [{ node: svc('a'), reason: 'alert' }],
      packets: createMemoryPacketBuilder(graph, evidence),
      policy: scriptedPolicy(() =>
        output({
          label: 'Origin',
          evidence: ['a-oom'],
          claims: [{ from: svc('b'), to: svc('a'), evidence: ['invented'], condition: '', effect: '' }],
        }),
      ),
      snapshotHash: 'guard',
    });
    const finished = await controller.run();
    const types = controller.events.map((e) => e.type);
    expect(types).toContain('ClaimRejected');
    expect(types).not.toContain('EdgeClaimed');
    const belief = controller.events.find((e) => e.type === 'BeliefSet');
    expect(belief).toMatchObject({ source: 'guard', belief: { label: 'Defer' } });
    expect(finished).toMatchObject({ frontier: [], outcome: 'no_confident_root_cause' });
  });
});

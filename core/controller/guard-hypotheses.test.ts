import { describe, expect, it } from 'vitest';
import type { ContextPacket, HypothesisProposal } from '../model/index.js';
import { guardHypotheses } from './guard-hypotheses.js';
import { createMemoryPacketBuilder, makeEvidence, servicesGraph, svc } from './test-support.js';

const graph = servicesGraph(['a', 'b']);
const evidence = new Map([
  [
    svc('a'),
    [
      makeEvidence({ id: 'a-oom', entity: svc('a'), detail: { type: 'log', severity: 'error' } }),
      makeEvidence({ id: 'a-odd', entity: svc('a'), detail: { type: 'log', severity: 'error' } }),
    ],
  ],
]);
const built = createMemoryPacketBuilder(graph, evidence).build(svc('a'), {
  belief: () => null,
  inbox: () => [],
  neighbours: () => [],
  visits: () => 0,
});
const packet: ContextPacket = { ...built, suspicious: ['a-odd'] };

function proposal(over: Partial<HypothesisProposal>): HypothesisProposal {
  return {
    level: 'mechanism',
    cause_class: 'resource',
    entity: svc('a'),
    statement: 's',
    confidence: 1,
    support: ['a-oom'],
    refute: [],
    ...over,
  };
}

describe('guard of model-proposed hypotheses', () => {
  it('passes a proposal on a known entity citing packet evidence, capping its confidence like a belief’s', () => {
    const [event] = guardHypotheses(svc('a'), [proposal({ support: ['a-oom', 'a-odd'] })], packet, graph);
    expect(event).toMatchObject({ type: 'HypothesisProposed', level: 3, cause: 'resource', entity: svc('a'), support: ['a-oom'] });
    // An error log line is hard evidence but not a citable fault: partial grounding, capped at 0.84.
    expect(event?.type === 'HypothesisProposed' && event.confidence).toBe(0.84);
  });

  it('rejects and records unknown entities, invented ids, missing support and suspicious-only support', () => {
    const events = guardHypotheses(
      svc('a'),
      [
        proposal({ entity: 'ns/Service/ghost' }),
        proposal({ support: ['a-oom'], refute: ['made-up'] }),
        proposal({ support: [] }),
        proposal({ support: ['a-odd'] }),
      ],
      packet,
      graph,
    );
    expect(events.map((e) => (e.type === 'HypothesisRejected' ? [e.reason, e.evidence] : e.type))).toEqual([
      ['unknown entity', []],
      ['fabricated evidence', ['made-up']],
      ['no support', []],
      ['suspicious support only', ['a-odd']],
    ]);
  });
});

import type { HypothesisProposal } from '../../../../core/model/index.js';
import { causeClassOf } from '../../../../core/hypotheses/index.js';
import { decideHeuristic } from '../../../../core/policy/heuristic/index.js';
import { packetOf } from './hostile.js';
import { goodModel } from './models.js';
import type { FakeReply, FakeRequest } from './wire.js';

/**
 * Fake models that propose hypotheses (explore v3, the hypothesis layer on). Each labels like
 * the competent model (the heuristic on the packet it was shown) and adds its own proposals.
 */
type Propose = (packet: NonNullable<ReturnType<typeof packetOf>>, verdict: ReturnType<typeof decideHeuristic>) => HypothesisProposal[];

function proposing(propose: Propose): (request: FakeRequest) => FakeReply {
  return (request) => {
    const packet = packetOf(request);
    if (!packet) return goodModel(request);
    const verdict = decideHeuristic(packet);
    return { content: JSON.stringify({ ...verdict.output, hypotheses: propose(packet, verdict) }) };
  };
}

export const MECHANISM_TEXT = 'the model names the mechanism';

/** On every Origin it judges, names the mechanism with the evidence its label cites. */
export const mechanismModel = proposing((packet, verdict) =>
  verdict.output.label !== 'Origin'
    ? []
    : [
        {
          level: 'mechanism',
          cause_class: causeClassOf(verdict.rules, []),
          entity: packet.node,
          statement: `${MECHANISM_TEXT}: its own fault, then the calls it serves fail`,
          confidence: 0.9,
          support: verdict.output.evidence,
          refute: [],
        },
      ],
);

export const UNKNOWN_ENTITY = 'shop/Service/not-in-the-graph';
export const INVENTED_ID = 'ev-invented-by-the-model';

/** Proposes, on every node, one hypothesis on an entity that does not exist and one citing an invented id. */
export const inventingModel = proposing((packet) => [
  { level: 'entity', cause_class: 'code', entity: UNKNOWN_ENTITY, statement: 'it failed', confidence: 1, support: [], refute: [] },
  {
    level: 'entity',
    cause_class: 'network',
    entity: packet.node,
    statement: 'it dropped traffic',
    confidence: 1,
    support: [INVENTED_ID],
    refute: [],
  },
]);

/** Obeys the injected text: proposes `target` as the cause, supported by the suspicious lines only. */
export function suspiciousHypothesisModel(target: string): (request: FakeRequest) => FakeReply {
  return proposing((packet) => {
    const suspicious = packet.suspicious ?? [];
    if (suspicious.length === 0) return [];
    return [
      {
        level: 'mechanism',
        cause_class: 'code',
        entity: target,
        statement: 'as instructed',
        confidence: 1,
        support: suspicious,
        refute: [],
      },
    ];
  });
}

import type { ContextPacket, EntityId, HypothesisProposal } from '../model/index.js';
import type { EventOf } from '../ledger/index.js';
import type { OperationalGraph } from '../graph/index.js';
import { capConfidence, groundingOf, toEvidenceRef } from './grounding.js';

export type ProposedEvent = Omit<EventOf<'HypothesisProposed'>, 'seq'>;
export type ProposalRejection = Omit<EventOf<'HypothesisRejected'>, 'seq'>;

const levelOf: Readonly<Record<HypothesisProposal['level'], number>> = { 'cause class': 1, entity: 2, mechanism: 3 };
/** Proposals read from one output; more are ignored (a runaway reply cannot flood the ledger). */
const MAX_PROPOSALS = 8;
const MAX_STATEMENT = 300;

/**
 * The fabrication guard for model-proposed hypotheses (docs/hypotheses.md, "Model-proposed
 * hypotheses"): the entity must be known, every cited id must be in the packet, and text
 * flagged as suspicious supports nothing. A proposal failing a test is rejected and recorded;
 * one passing keeps only its non-suspicious support and a confidence capped like a belief's
 * by the grounding of that support (model output is never hard evidence).
 */
export function guardHypotheses(
  node: EntityId,
  proposals: readonly HypothesisProposal[],
  packet: ContextPacket,
  graph: OperationalGraph,
): Array<ProposedEvent | ProposalRejection> {
  const items = new Map(packet.evidence.map((item) => [item.id, item]));
  const suspicious = new Set(packet.suspicious ?? []);
  const out: Array<ProposedEvent | ProposalRejection> = [];
  for (const proposal of proposals.slice(0, MAX_PROPOSALS)) {
    const reject = (reason: ProposalRejection['reason'], evidence: string[]): void => {
      out.push({ type: 'HypothesisRejected', node, proposal, reason, evidence });
    };
    const cited = [...new Set([...proposal.support, ...proposal.refute])];
    const invented = cited.filter((id) => !items.has(id));
    const support = [...new Set(proposal.support)].filter((id) => !suspicious.has(id));
    if (!graph.has(proposal.entity)) reject('unknown entity', []);
    else if (invented.length > 0) reject('fabricated evidence', invented);
    else if (proposal.support.length === 0) reject('no support', []);
    else if (support.length === 0) reject('suspicious support only', [...new Set(proposal.support)]);
    else {
      const refs = support.flatMap((id) => {
        const item = items.get(id);
        return item ? [toEvidenceRef(item)] : [];
      });
      const confidence = capConfidence(proposal.confidence, groundingOf(refs, packet.window)).effective;
      out.push({
        type: 'HypothesisProposed',
        node,
        level: levelOf[proposal.level],
        cause: proposal.cause_class,
        entity: proposal.entity,
        statement: proposal.statement.slice(0, MAX_STATEMENT),
        confidence: Math.round(confidence * 1e6) / 1e6,
        support,
        refute: [...new Set(proposal.refute)].filter((id) => !suspicious.has(id)),
        source: 'model',
      });
    }
  }
  return out;
}

import type { EntityId, Label } from '../model/index.js';
import type { Confidence, InvestigationState, NodeState, RankedEntity } from '../ledger/index.js';
import { capConfidence, groundingOf, isHardRef } from './grounding.js';
import { acceptedEntities } from '../hypotheses/index.js';

export interface FrontierResult {
  frontier: EntityId[];
  outcome: 'confident' | 'no_confident_root_cause';
  confidence: Confidence;
  ranking: RankedEntity[];
}

/** How strongly a label points at a root cause; Defer outranks Symptom as a fallback candidate. */
const labelWeight: Readonly<Record<Label, number>> = { Origin: 1, Defer: 0.4, Symptom: 0.2, Healthy: 0 };

/**
 * Label weight × the policy's confidence, plus a hundredth per cited hard item (at most 4) —
 * enough to separate equal confidences, not to let a node citing many correlated anomalies
 * outrank a more confident one.
 */
export function scoreNode(entry: NodeState): number {
  if (!entry.belief) return 0;
  const hard = Math.min(entry.cited.filter(isHardRef).length, 4);
  return Math.round((labelWeight[entry.belief.label] * entry.belief.confidence + 0.01 * hard) * 1e6) / 1e6;
}

function byScore(a: RankedEntity, b: RankedEntity): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0;
}

function reachableFrom(state: InvestigationState, start: EntityId): Set<EntityId> {
  const seen = new Set<EntityId>();
  const stack = [start];
  while (stack.length > 0) {
    const current = stack.pop() as EntityId;
    for (const next of state.edgeNeighbours.get(current) ?? []) {
      if (seen.has(next) || !state.edges.has(`${current}\u0000${next}`)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

/**
 * The frontier (design.md §2): Origins that no other Origin reaches through E_S. Origins that
 * reach each other (a cycle) explain each other equally, so both stay. Ordered by score.
 */
export function computeFrontier(state: InvestigationState): FrontierResult {
  const ranking: RankedEntity[] = [];
  const origins: EntityId[] = [];
  for (const [id, entry] of state.nodes) {
    if (!entry.belief) continue;
    ranking.push({ entity: id, score: scoreNode(entry) });
    if (entry.belief.label === 'Origin') origins.push(id);
  }
  ranking.sort(byScore);
  const reach = new Map(origins.map((o) => [o, reachableFrom(state, o)]));
  const frontierSet = new Set(
    origins.filter((o) => !origins.some((other) => other !== o && reach.get(other)?.has(o) && !reach.get(o)?.has(other))),
  );
  // With the hypothesis layer, the answer is the accepted hypotheses' entities (an analyst may reject them all).
  const answer = state.settings?.hypotheses ? new Set(acceptedEntities(state)) : frontierSet;
  const frontier = ranking.filter((r) => answer.has(r.entity)).map((r) => r.entity);
  const isVerified = frontier.length > 0 && frontier.every((id) => (state.nodes.get(id)?.cited ?? []).some(isHardRef));
  const top = frontier[0] ?? ranking[0]?.entity;
  const topEntry = top === undefined ? undefined : state.nodes.get(top);
  const confidence = capConfidence(topEntry?.belief?.confidence ?? 0, groundingOf(topEntry?.cited ?? [], topEntry?.window ?? null));
  return { frontier, outcome: isVerified ? 'confident' : 'no_confident_root_cause', confidence, ranking };
}

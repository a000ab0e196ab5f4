import type { EntityId, Label } from '../model/index.js';
import type { Confidence, InvestigationState, NodeState, RankedEntity } from '../ledger/index.js';
import { CONFIDENT_FROM } from './calibration.js';
import { capConfidence, confidenceCaps, groundingOf, isHardRef } from './grounding.js';
import { acceptedEntities } from '../hypotheses/index.js';
import { explainsOf, isConcurrentFinding, reachableFrom } from './explains.js';

export interface FrontierResult {
  frontier: EntityId[];
  outcome: 'confident' | 'no_confident_root_cause';
  confidence: Confidence;
  ranking: RankedEntity[];
}

/** How strongly a label points at a root cause; Defer outranks Symptom as a fallback candidate. */
const labelWeight: Readonly<Record<Label, number>> = { Origin: 1, Defer: 0.4, Symptom: 0.2, Healthy: 0 };

/**
 * The confidence a node's belief may carry: the policy's, capped by the grounding of what it
 * cites (design.md §4); an Origin that failed the verification gate is capped as ungrounded.
 */
export function cappedConfidence(entry: NodeState): number {
  if (!entry.belief) return 0;
  const capped = capConfidence(entry.belief.confidence, groundingOf(entry.cited, entry.window)).effective;
  return entry.isUnverified ? Math.min(capped, confidenceCaps.ungrounded) : capped;
}

/**
 * Label weight × the capped confidence, plus a hundredth per cited hard item (at most 4) —
 * enough to separate equal confidences, not to let a node citing many correlated anomalies
 * outrank a more confident one. The cap comes first, so a policy cannot buy rank with a raw
 * confidence its evidence does not support.
 */
export function scoreNode(entry: NodeState): number {
  if (!entry.belief) return 0;
  const hard = Math.min(entry.cited.filter(isHardRef).length, 4);
  return Math.round((labelWeight[entry.belief.label] * cappedConfidence(entry) + 0.01 * hard) * 1e6) / 1e6;
}

/**
 * A frontier naming more than half of the entities judged (and at least two) localises
 * nothing: "everything is a root cause" is not a diagnosis, whatever each belief says.
 */
export function isFrontierTooWide(frontier: readonly EntityId[], judged: number): boolean {
  return frontier.length >= 2 && frontier.length * 2 > judged;
}

function byScore(a: RankedEntity, b: RankedEntity): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0;
}

/**
 * The frontier (design.md §2): Origins that no other Origin reaches through E_S. Origins that
 * reach each other (a cycle) explain each other equally, so both stay. Ordered by score (the
 * capped confidence), concurrent findings last (`isConcurrentFinding`: a root whose whole effect
 * is a minor alert on itself, beside one that explains more). The outcome is confident only when
 * the verification gate passes.
 */
export function computeFrontier(state: InvestigationState): FrontierResult {
  const ranking: RankedEntity[] = [];
  const origins: EntityId[] = [];
  let judged = 0;
  for (const [id, entry] of state.nodes) {
    if (!entry.belief) continue;
    judged++;
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
  // A root that accounts only for a minor alert on itself comes after the one behind the critical alerts.
  const roots = ranking.filter((r) => answer.has(r.entity)).map((r) => explainsOf(state, r.entity, reach.get(r.entity)));
  const concurrent = new Set(roots.filter((r) => isConcurrentFinding(r, roots)).map((r) => r.root));
  const frontier = [...roots.filter((r) => !concurrent.has(r.root)), ...roots.filter((r) => concurrent.has(r.root))].map((r) => r.root);
  // The verification gate: every root cause cites hard evidence and passed the discriminating-
  // evidence test when its belief was set (no OriginUnverified), and the frontier localises.
  const isVerified =
    frontier.length > 0 &&
    !isFrontierTooWide(frontier, judged) &&
    frontier.every((id) => {
      const entry = state.nodes.get(id);
      return entry !== undefined && !entry.isUnverified && entry.cited.some(isHardRef);
    });
  const top = frontier[0] ?? ranking[0]?.entity;
  const topEntry = top === undefined ? undefined : state.nodes.get(top);
  const grounding = topEntry?.isUnverified ? 'ungrounded' : groundingOf(topEntry?.cited ?? [], topEntry?.window ?? null);
  const confidence = capConfidence(topEntry?.belief?.confidence ?? 0, grounding);
  // "Root cause found" says the first root is right at least CONFIDENT_FROM of the time: a
  // verified frontier stating less is reported, but not as found (docs/scoring.md §8).
  const isConfident = isVerified && (confidence.calibrated ?? 0) >= CONFIDENT_FROM;
  return { frontier, outcome: isConfident ? 'confident' : 'no_confident_root_cause', confidence, ranking };
}

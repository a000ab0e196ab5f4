import type { EntityId } from '../model/index.js';
import type { InvestigationState, NodeState } from '../ledger/index.js';

/** Observations shown per entity as what refutes a change: enough to check, not the whole packet. */
const MAX_REFUTING_PER_ENTITY = 5;

/**
 * A change that preceded nothing abnormal: a refuted hypothesis (a red herring), not silence
 * (docs/hypotheses.md, "Refuted changes"). `entities` are the judged nodes whose packets held it
 * (the changed entity and what it configures or hosts), all found Healthy; `refute` their
 * observations in the window that were normal.
 */
export interface RedHerring {
  /** Evidence id of the change record. */
  change: string;
  /** When the change happened (ms since the epoch). */
  time: number;
  entities: EntityId[];
  reason: string;
  refute: string[];
  /** Ids of the refuted entity hypotheses on those entities (hypothesis layer on); empty otherwise. */
  hypotheses: string[];
}

/** The node's observations that show nothing abnormal: packet evidence that is neither a fault nor a change. */
export function quietEvidence(entry: NodeState): string[] {
  return [...entry.packetEvidence.values()]
    .filter((ref) => !ref.isFault && ref.kind !== 'change')
    .map((ref) => ref.id)
    .sort()
    .slice(0, MAX_REFUTING_PER_ENTITY);
}

const byId = <T extends { 0: string }>(a: T, b: T): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Changes refuted by temporal precedence and locality: every judged node whose packet held the
 * change (it sits on the entity or on what configures or hosts it) ended Healthy, and no belief
 * cites it. A change that something abnormal followed, or that a belief still cites, is not one.
 * Pure and deterministic (sorted by change id).
 */
export function redHerrings(state: InvestigationState): RedHerring[] {
  const seenBy = new Map<string, { time: number; nodes: EntityId[] }>();
  const cited = new Set<string>();
  for (const [node, entry] of [...state.nodes].sort(byId)) {
    if (!entry.belief) continue;
    for (const id of entry.belief.evidence) cited.add(id);
    for (const ref of entry.packetEvidence.values()) {
      if (ref.kind !== 'change') continue;
      const seen = seenBy.get(ref.id) ?? { time: ref.time, nodes: [] };
      seen.nodes.push(node);
      seenBy.set(ref.id, seen);
    }
  }
  const out: RedHerring[] = [];
  for (const [change, { time, nodes }] of [...seenBy].sort(byId)) {
    if (cited.has(change) || !nodes.every((n) => state.nodes.get(n)?.belief?.label === 'Healthy')) continue;
    const hypotheses = [...state.hypotheses.hypotheses.values()]
      .filter((h) => h.level === 2 && h.entity !== null && nodes.includes(h.entity) && h.status === 'refuted')
      .map((h) => h.id)
      .sort();
    out.push({
      change,
      time,
      entities: nodes,
      reason: `nothing abnormal followed it on ${nodes.join(', ')} (judged Healthy): a red herring`,
      refute: [...new Set(nodes.flatMap((n) => quietEvidence(state.nodes.get(n) as NodeState)))],
      hypotheses,
    });
  }
  return out;
}

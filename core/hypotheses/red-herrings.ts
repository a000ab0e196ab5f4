import type { EntityId } from '../model/index.js';
import type { InvestigationState, NodeState } from '../ledger/index.js';

/** Observations shown per entity as what refutes a change: enough to check, not the whole packet. */
const MAX_REFUTING_PER_ENTITY = 5;

/**
 * A change that preceded nothing abnormal: a refuted hypothesis (a red herring), not silence
 * (docs/hypotheses.md, "Refuted changes"). `entities` are the judged nodes whose packets held it
 * (the changed entity and what it configures or hosts), each refuting it; `refute` their
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

/**
 * How the node's judgement refutes the changes its packet held, or null when it does not:
 * `healthy` — nothing abnormal followed (temporal precedence and locality fail); `set_aside` —
 * the policy weighed the change (its rule fired) and cited it not, so what followed is not its
 * doing (long before the onset with no fault of the node's own, or explained by a neighbour).
 */
export function changeRefutation(entry: NodeState): 'healthy' | 'set_aside' | null {
  const belief = entry.belief;
  if (!belief || belief.label === 'Origin') return null;
  const changes = [...entry.packetEvidence.values()].filter((ref) => ref.kind === 'change').map((ref) => ref.id);
  if (changes.length === 0 || belief.evidence.some((id) => changes.includes(id))) return null;
  if (belief.label === 'Healthy') return 'healthy';
  return entry.rules.includes('change') ? 'set_aside' : null;
}

const byId = <T extends { 0: string }>(a: T, b: T): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * With the hypothesis layer on: a change whose every citing entity's change hypothesis was
 * refuted (what followed it is explained by an origin upstream), and none accepted.
 */
function refutedByLayer(
  state: InvestigationState,
  change: string,
  nodes: readonly EntityId[],
): Pick<RedHerring, 'reason' | 'refute' | 'hypotheses'> | null {
  const citers = nodes.filter((n) => state.nodes.get(n)?.belief?.evidence.includes(change));
  if (citers.length === 0) return null;
  const hypotheses = [...state.hypotheses.hypotheses.values()].filter(
    (h) => h.level === 2 && h.cause === 'change' && h.entity !== null && citers.includes(h.entity),
  );
  const covered = citers.every((n) => hypotheses.some((h) => h.entity === n));
  if (!covered || hypotheses.some((h) => h.status !== 'refuted')) return null;
  const ids = hypotheses.map((h) => h.id).sort();
  return {
    reason: `its hypotheses (${ids.join(', ')}) were refuted: what followed it is explained elsewhere — a red herring`,
    refute: [...new Set(hypotheses.flatMap((h) => h.refute))],
    hypotheses: ids,
  };
}

function reasonOf(nodes: readonly EntityId[], verdicts: ReadonlyArray<'healthy' | 'set_aside'>): string {
  const healthy = nodes.filter((_, i) => verdicts[i] === 'healthy');
  const aside = nodes.filter((_, i) => verdicts[i] === 'set_aside');
  const parts = [
    ...(healthy.length > 0 ? [`nothing abnormal followed it on ${healthy.join(', ')} (judged Healthy)`] : []),
    ...(aside.length > 0 ? [`set aside as the trigger on ${aside.join(', ')} (what followed is not its doing)`] : []),
  ];
  return `${parts.join('; ')}: a red herring`;
}

/**
 * Changes refuted by temporal precedence and locality: every judged node whose packet held the
 * change (it sits on the entity or on what configures or hosts it) refutes it (`changeRefutation`),
 * and no belief cites it. A change that a belief cites, or that an unexplained degradation follows
 * without the policy weighing it, is not one.
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
    const verdicts = nodes.map((n) => changeRefutation(state.nodes.get(n) as NodeState));
    if (cited.has(change) || verdicts.some((v) => v === null)) {
      const refuted = refutedByLayer(state, change, nodes);
      if (refuted) out.push({ change, time, entities: nodes, ...refuted });
      continue;
    }
    const hypotheses = [...state.hypotheses.hypotheses.values()]
      .filter((h) => h.level === 2 && h.entity !== null && nodes.includes(h.entity) && h.status === 'refuted')
      .map((h) => h.id)
      .sort();
    out.push({
      change,
      time,
      entities: nodes,
      reason: reasonOf(nodes, verdicts as Array<'healthy' | 'set_aside'>),
      refute: [...new Set(nodes.flatMap((n) => quietEvidence(state.nodes.get(n) as NodeState)))],
      hypotheses,
    });
  }
  return out;
}

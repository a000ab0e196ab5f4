import type { EntityId } from '../model/index.js';
import { causeClasses, edgeKey } from '../ledger/index.js';
import type { CauseClass, EvidenceRef, InvestigationState, NodeState } from '../ledger/index.js';
import { causeClassOf } from './classify.js';
import { noAliases } from './observations.js';
import type { AliasesOf, ClassObservation, EntityObservation, MechanismObservation } from './observations.js';
import { addProposals } from './proposals.js';
import { changeRefutation, quietEvidence } from './red-herrings.js';
import { entityStatement } from './statements.js';
import { formatDateTime } from '../time/index.js';

export type { AliasesOf, ClassObservation, EntityObservation, MechanismObservation } from './observations.js';

const SUMMARY_CHARS = 200;

function clip(text: string): string {
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
}

function isHard(ref: EvidenceRef): boolean {
  return ref.extractor !== 'llm_inferred' && ref.extractor !== 'analyst';
}

/**
 * Origins that reach `target` — or any member of its alias group, which it speaks for — through
 * E_S edges, with the evidence of the edge that enters the group.
 */
function upstreamOrigins(
  state: InvestigationState,
  target: EntityId,
  aliasesOf: AliasesOf,
): Array<{ origin: EntityId; evidence: string[] }> {
  const found: Array<{ origin: EntityId; evidence: string[] }> = [];
  const group = [...new Set([target, ...aliasesOf(target)])].sort();
  const seen = new Set<EntityId>(group);
  let layer: Array<{ node: EntityId; evidence: string[] }> = group.map((node) => ({ node, evidence: [] }));
  while (layer.length > 0) {
    const next: Array<{ node: EntityId; evidence: string[] }> = [];
    for (const { node, evidence } of layer) {
      for (const other of [...(state.edgeNeighbours.get(node) ?? [])].sort()) {
        const edge = state.edges.get(edgeKey(other, node));
        if (!edge || seen.has(other)) continue;
        seen.add(other);
        const entering = evidence.length > 0 ? evidence : [...edge.evidence];
        if (state.nodes.get(other)?.belief?.label === 'Origin') found.push({ origin: other, evidence: entering });
        next.push({ node: other, evidence: entering });
      }
    }
    layer = next;
  }
  return found;
}

/**
 * The heuristic rule (ledger vocabulary, docs/heuristic.md) by which a caller's own error
 * statuses name the callee that failed it ("HTTP 500 from X").
 */
const STATUS_NAMES_CALLEE = 'status_names_callee';

/**
 * Evidence of the E_S edges from `entity` to callers whose own error statuses name it: the
 * caller's words support the hypothesis on the callee (and, through the edge, refute the
 * caller's own, see upstreamOrigins).
 */
function attributedSupport(state: InvestigationState, entity: EntityId): string[] {
  const out: string[] = [];
  for (const other of [...(state.edgeNeighbours.get(entity) ?? [])].sort()) {
    const edge = state.edges.get(edgeKey(entity, other));
    if (!edge || !state.nodes.get(other)?.rules.includes(STATUS_NAMES_CALLEE)) continue;
    for (const id of edge.evidence) if (!out.includes(id)) out.push(id);
  }
  return out;
}

function reaches(state: InvestigationState, from: EntityId, to: EntityId, aliasesOf: AliasesOf): boolean {
  const group = new Set([from, ...aliasesOf(from)]);
  return upstreamOrigins(state, to, aliasesOf).some((u) => group.has(u.origin));
}

function mechanismOf(entity: EntityId, entry: NodeState): MechanismObservation {
  const faults = entry.cited.filter((ref) => ref.isFault);
  const cited = faults.length > 0 ? faults : entry.cited.filter(isHard);
  const what = faults.map((ref) => `${ref.kind} ${ref.id} at ${formatDateTime(ref.time)}`).join('; ');
  const rules = entry.rules.length > 0 ? ` [${entry.rules.join(', ')}]` : '';
  return {
    statement: clip(`${entity}: ${entry.belief?.summary ?? ''}${rules}${what ? ` — ${what}` : ''}`),
    support: cited.map((ref) => ref.id),
    confidence: entry.belief?.confidence ?? 0,
  };
}

/** Entities the layer already holds a hypothesis for, with its cause class. */
function knownEntities(state: InvestigationState): Map<EntityId, CauseClass> {
  const known = new Map<EntityId, CauseClass>();
  for (const h of state.hypotheses.hypotheses.values()) if (h.level === 2 && h.entity !== null) known.set(h.entity, h.cause);
  return known;
}

function observeEntity(
  state: InvestigationState,
  entity: EntityId,
  entry: NodeState,
  known: Map<EntityId, CauseClass>,
  rejected: ReadonlySet<EntityId>,
  aliasesOf: AliasesOf,
): EntityObservation | null {
  const belief = entry.belief;
  if (!belief) return null;
  const cited = entry.cited;
  const support = cited.filter(isHard).map((ref) => ref.id);
  const base = { entity, mechanism: null };
  if (rejected.has(entity)) {
    const cause = known.get(entity) ?? causeClassOf(entry.rules, cited);
    return {
      ...base,
      statement: clip(entityStatement(entity, cause)),
      cause,
      confidence: 0,
      support,
      refute: [],
      isRefuted: true,
      reason: 'rejected by an analyst',
    };
  }
  if (belief.label === 'Origin') {
    const cause = causeClassOf(entry.rules, cited);
    // A claimed explanation from an origin upstream (that this one does not explain back) makes
    // this origin its symptom, however loud it is: a downstream consequence often shows more
    // (new error templates, saturation) than the cause. Origins explaining each other both stand.
    const explainer = upstreamOrigins(state, entity, aliasesOf).find((u) => !reaches(state, entity, u.origin, aliasesOf));
    if (explainer) {
      const reason = `explained by the hypothesis on ${explainer.origin} upstream`;
      return {
        ...base,
        statement: clip(entityStatement(entity, cause)),
        cause,
        confidence: 0,
        support,
        refute: explainer.evidence,
        isRefuted: true,
        reason,
      };
    }
    return {
      ...base,
      statement: clip(entityStatement(entity, cause)),
      cause,
      confidence: belief.confidence,
      support: unique([support, attributedSupport(state, entity)]),
      refute: [],
      isRefuted: false,
      reason: '',
      mechanism: mechanismOf(entity, entry),
    };
  }
  const changes = [...entry.packetEvidence.values()].filter((ref) => ref.kind === 'change').map((ref) => ref.id);
  const knownCause = known.get(entity);
  const refutation = changeRefutation(entry);
  if (knownCause === undefined && refutation === null) return null;
  const cause = knownCause ?? 'change';
  const reason =
    knownCause !== undefined
      ? `its label is now ${belief.label}: ${clip(belief.summary)}`
      : refutation === 'healthy'
        ? 'the change preceded nothing abnormal on it (a red herring)'
        : `the change was set aside as the trigger (${belief.label}: ${clip(belief.summary)}) (a red herring)`;
  return {
    ...base,
    statement: clip(entityStatement(entity, cause)),
    cause,
    confidence: 0,
    support: knownCause === undefined ? changes : [],
    // A red herring is refuted by the node's normal observations after it (its Healthy belief cites none).
    refute: knownCause === undefined ? unique([[...belief.evidence], quietEvidence(entry)]) : [...belief.evidence],
    isRefuted: true,
    reason,
  };
}

function byConfidence(a: EntityObservation, b: EntityObservation): number {
  return b.confidence - a.confidence || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0);
}

function unique(lists: readonly (readonly string[])[]): string[] {
  const out: string[] = [];
  for (const list of lists) for (const id of list) if (!out.includes(id)) out.push(id);
  return out;
}

/** Observations per cause class, in the fixed order of `causeClasses`. */
export function observe(state: InvestigationState, aliasesOf: AliasesOf = noAliases): ClassObservation[] {
  const known = knownEntities(state);
  // An analyst's rejection of an entity hypothesis outweighs what the labels say.
  const rejected = new Set(
    [...state.hypotheses.hypotheses.values()]
      .filter((h) => h.level === 2 && h.isRejected && h.entity !== null)
      .map((h) => h.entity as EntityId),
  );
  const byClass = new Map<CauseClass, EntityObservation[]>();
  for (const [entity, entry] of [...state.nodes].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const seen = observeEntity(state, entity, entry, known, rejected, aliasesOf);
    if (!seen) continue;
    const list = byClass.get(seen.cause) ?? [];
    list.push(seen);
    byClass.set(seen.cause, list);
  }
  addProposals(state, byClass);
  const result: ClassObservation[] = [];
  for (const cause of causeClasses) {
    const entities = (byClass.get(cause) ?? []).sort(byConfidence);
    if (entities.length === 0) continue;
    const standing = entities.filter((e) => !e.isRefuted);
    const refuted = entities.filter((e) => e.isRefuted);
    result.push({
      cause,
      confidence: standing[0]?.confidence ?? 0,
      support: unique((standing.length > 0 ? standing : refuted).map((e) => e.support)),
      refute: unique(refuted.map((e) => e.refute)),
      isRefuted: standing.length === 0,
      reason: standing.length === 0 ? `every ${cause} candidate was refuted (${refuted.map((e) => e.entity).join(', ')})` : '',
      entities,
      ...(entities.every((e) => e.source === 'model') ? { source: 'model' as const } : {}),
    });
  }
  return result;
}

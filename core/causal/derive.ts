import type { ContextPacket, EntityId, EvidenceItem } from '../model/index.js';
import type { CausalSettings, InvestigationState, NewLedgerEvent, AnomalyNode, CausalSource } from '../ledger/index.js';
import { anomalyId, isPairDecided } from '../ledger/index.js';
import { checkAlertLink, checkAnomaly, checkCausality, topologyDistance, type CausalCheckContext, type DiscoveredCalls } from './check.js';
import { typesIndicatedBy } from './signature.js';

export interface CausalEmitter {
  readonly state: InvestigationState;
  emit(event: NewLedgerEvent): number;
}

export interface CausalLayerContext extends CausalCheckContext {
  settings: CausalSettings;
}

type ViolationBody = Omit<Extract<NewLedgerEvent, { type: 'CausalViolation' }>, 'type' | 'enforced' | 'by' | 'source'>;

function violate(tick: CausalEmitter, ctx: CausalLayerContext, by: string, source: CausalSource, body: ViolationBody): void {
  tick.emit({ type: 'CausalViolation', enforced: ctx.settings.enforce, by, source, ...body });
}

const blank = { anomalyType: null, entity: null, alert: null, from: null, to: null };

/** Create anomaly: checked, recorded as a violation when it breaks the knowledge; true when the anomaly exists afterwards. */
export function proposeAnomaly(
  tick: CausalEmitter,
  ctx: CausalLayerContext,
  proposal: { anomalyType: string; entity: EntityId; evidence: readonly EvidenceItem[] },
  by: EntityId,
  source: CausalSource,
): boolean {
  const layer = tick.state.causal;
  const id = anomalyId(proposal.anomalyType, proposal.entity);
  if (layer.anomalies.has(id)) return true;
  if (layer.refusedAnomalies.has(id)) return false;
  const evidence = proposal.evidence.map((item) => item.id);
  const reason = checkAnomaly(ctx, proposal, proposal.evidence);
  if (reason !== null) {
    violate(tick, ctx, by, source, {
      ...blank,
      operation: 'create_anomaly',
      reason,
      anomalyType: proposal.anomalyType,
      entity: proposal.entity,
      evidence,
    });
    if (ctx.settings.enforce) return false;
  }
  const adjacent = [...layer.anomalies.values()]
    .filter((a) => topologyDistance(ctx.graph, a.entity, proposal.entity, 1, 'either', layer.calls) === 1)
    .map((a) => a.id);
  tick.emit({
    type: 'AnomalyCreated',
    anomaly: id,
    anomalyType: proposal.anomalyType,
    entity: proposal.entity,
    evidence,
    adjacent,
    by,
    source,
  });
  return true;
}

/** Link alert: checked against the alert's signature and where it fires. */
export function proposeAlertLink(
  tick: CausalEmitter,
  ctx: CausalLayerContext,
  alert: EvidenceItem,
  anomaly: AnomalyNode,
  by: EntityId,
  source: CausalSource,
): void {
  if (tick.state.causal.decidedAlerts.has(alert.id)) return;
  const reason = checkAlertLink(ctx, alert, anomaly);
  if (reason !== null) {
    violate(tick, ctx, by, source, {
      ...blank,
      operation: 'link_alert',
      reason,
      alert: alert.id,
      anomalyType: anomaly.anomalyType,
      entity: anomaly.entity,
      evidence: [alert.id],
    });
    if (ctx.settings.enforce) return;
  }
  const name = alert.detail.type === 'alert' ? alert.detail.name : alert.summary;
  tick.emit({ type: 'AlertLinked', alert: alert.id, name, anomaly: anomaly.id, by, source });
}

/** Add causality between two existing anomalies; the rationale is the knowledge's chain unless the caller gives one. */
export function proposeCausality(
  tick: CausalEmitter,
  ctx: CausalLayerContext,
  from: AnomalyNode,
  to: AnomalyNode,
  evidence: readonly string[],
  by: EntityId,
  source: CausalSource,
  note = '',
  discovered: DiscoveredCalls = discoveredCalls(tick.state),
): boolean {
  const verdict = checkCausality(ctx, from, to, discovered);
  if (verdict.ok) {
    const bridged = verdict.chain.via.length > 0 ? ` (bridging unobserved ${verdict.chain.via.join(', ')})` : '';
    const rationale = `${verdict.chain.why}${bridged}${note ? ` — ${note}` : ''}`;
    tick.emit({
      type: 'CausalityAdded',
      from: from.id,
      to: to.id,
      rationale,
      evidence: [...evidence],
      via: [...verdict.chain.via],
      by,
      source,
      violation: null,
    });
    return true;
  }
  violate(tick, ctx, by, source, {
    ...blank,
    operation: 'add_causality',
    reason: verdict.reason,
    from: from.id,
    to: to.id,
    evidence: [...evidence],
  });
  if (!ctx.settings.enforce)
    tick.emit({
      type: 'CausalityAdded',
      from: from.id,
      to: to.id,
      rationale: note || 'claimed by the policy',
      evidence: [...evidence],
      via: [],
      by,
      source,
      violation: verdict.reason,
    });
  return false;
}

/** Span-discovered calls as the fold holds them (CallsDiscovered), for the topology check. */
export function discoveredCalls(state: InvestigationState): DiscoveredCalls {
  return state.causal.calls;
}

/** Records the packet's discovered call edges the layer does not know yet (one event, sorted). */
export function recordDiscoveredCalls(tick: CausalEmitter, packet: ContextPacket): void {
  const known = tick.state.causal.calls;
  const fresh = new Map<string, { caller: string; callee: string }>();
  for (const item of packet.evidence) {
    const d = item.detail;
    if (d.type !== 'trace_edge' || !d.isDiscovered || known.get(d.caller)?.has(d.callee)) continue;
    fresh.set(`${d.caller}\u0000${d.callee}`, { caller: d.caller, callee: d.callee });
  }
  if (fresh.size === 0) return;
  const calls = [...fresh.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, call]) => call);
  tick.emit({ type: 'CallsDiscovered', calls });
}

function isOnNode(item: EvidenceItem, node: EntityId, aliases: readonly EntityId[]): boolean {
  return item.entity === node || aliases.includes(item.entity);
}

/**
 * The heuristic road into the graph, after a node's belief is set: an Origin's or Symptom's
 * cited evidence, typed by the knowledge, becomes anomalies on the node; the node's alerts are
 * linked to the anomaly their signature indicates.
 */
export function deriveNodeAnomalies(tick: CausalEmitter, ctx: CausalLayerContext, node: EntityId, packet: ContextPacket): void {
  recordDiscoveredCalls(tick, packet);
  const belief = tick.state.nodes.get(node)?.belief;
  if (!belief || (belief.label !== 'Origin' && belief.label !== 'Symptom')) return;
  const aliases = ctx.graph.has(node) ? ctx.graph.aliases(node) : [node];
  const items = new Map(packet.evidence.map((item) => [item.id, item]));
  const cited = belief.evidence.flatMap((id) => {
    const item = items.get(id);
    return item && item.kind !== 'alert' && isOnNode(item, node, aliases) ? [item] : [];
  });
  const alerts = packet.evidence
    .filter((item) => item.kind === 'alert' && isOnNode(item, node, aliases))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byType = new Map<string, EvidenceItem[]>();
  for (const item of [...cited, ...alerts]) {
    for (const type of typesIndicatedBy(ctx.knowledge, item)) {
      const list = byType.get(type) ?? [];
      // An alert only founds an anomaly nothing else indicates; it is linked, not cited.
      if (item.kind !== 'alert' || list.length === 0) list.push(item);
      byType.set(type, list);
    }
  }
  for (const type of ctx.knowledge.types.keys()) {
    const evidence = byType.get(type);
    if (!evidence) continue;
    const own = evidence.some((item) => item.kind !== 'alert') ? evidence.filter((item) => item.kind !== 'alert') : evidence;
    proposeAnomaly(tick, ctx, { anomalyType: type, entity: node, evidence: own }, node, 'derived');
  }
  const onNode = [...tick.state.causal.anomalies.values()].filter((a) => a.entity === node);
  for (const alert of alerts) {
    const types = typesIndicatedBy(ctx.knowledge, alert);
    // The anomaly its signature indicates; failing that, the node's first (a proposal the check will refuse).
    const target = onNode.find((a) => types.includes(a.anomalyType)) ?? onNode[0];
    if (target) proposeAlertLink(tick, ctx, alert, target, node, 'derived');
  }
}

/**
 * E_S claims become causality: for every claimed edge whose two entities both have anomalies
 * and whose pair is undecided, the closest pair of types the knowledge relates (fewest bridged
 * types), or — when none — a violation naming the first pair.
 */
export function deriveCausality(tick: CausalEmitter, ctx: CausalLayerContext): void {
  const { state } = tick;
  const layer = state.causal;
  const discovered = discoveredCalls(state);
  const claims = [...state.edges.values()].sort((a, b) => a.seq - b.seq);
  for (const claim of claims) {
    if (isPairDecided(layer, claim.from, claim.to)) continue;
    const anomalies = [...layer.anomalies.values()];
    const causes = anomalies.filter((a) => a.entity === claim.from);
    const effects = anomalies.filter((a) => a.entity === claim.to);
    if (causes.length === 0 || effects.length === 0) continue;
    // Fewest bridged types first; then a chain whose direction the dependencies confirm over one
    // that holds either way; then creation order.
    let best: { from: AnomalyNode; to: AnomalyNode; rank: number } | null = null;
    for (const from of causes) {
      for (const to of effects) {
        const verdict = checkCausality(ctx, from, to, discovered);
        if (!verdict.ok) continue;
        const rank = verdict.chain.hops * 2 + (verdict.chain.direction === 'either' ? 1 : 0);
        if (best === null || rank < best.rank) best = { from, to, rank };
      }
    }
    const note = [claim.condition, claim.effect].filter(Boolean).join(' → ');
    const pair = best ?? { from: causes[0] as AnomalyNode, to: effects[0] as AnomalyNode };
    proposeCausality(tick, ctx, pair.from, pair.to, claim.evidence, claim.by, 'derived', note, discovered);
  }
}

import type { OperationalGraph } from '../graph/index.js';
import type { EvidenceItem } from '../model/index.js';
import { MAX_BRIDGES, chainsBetween, type Chain, type CompiledKnowledge } from './compile.js';
import { typesIndicatedBy } from './signature.js';

/** What every check reads: the compiled knowledge and the operational graph. */
export interface CausalCheckContext {
  knowledge: CompiledKnowledge;
  graph: OperationalGraph;
}

/** Dependencies seen in spans but missing from the topology: caller → callees. */
export type DiscoveredCalls = ReadonlyMap<string, ReadonlySet<string>>;

/** `dependsOn`: follow only x → what x depends on; `either`: any edge, either way. */
export type Walk = 'dependsOn' | 'either';

/** The entities `id` depends on (callees, its node, its ConfigMaps) or, with `either`, every neighbour. */
function nextOf(graph: OperationalGraph, id: string, walk: Walk, discovered: DiscoveredCalls): string[] {
  const out: string[] = [...(discovered.get(id) ?? [])];
  for (const n of graph.neighbours(id)) {
    if (walk === 'either' || n.relation === 'contains') out.push(n.id);
    else if (n.relation === 'configures' ? n.direction === 'in' : n.direction === 'out') out.push(n.id);
  }
  if (walk === 'either') {
    for (const [caller, callees] of discovered) if (callees.has(id)) out.push(caller);
  }
  return out;
}

/** An anomaly as the checks see it. */
export interface AnomalyRef {
  anomalyType: string;
  entity: string;
}

/**
 * Hops from `a` to `b` in the topology plus the span-discovered calls (aliases at distance 0),
 * following `walk`, or null when they are further apart than `max`.
 */
export function topologyDistance(
  graph: OperationalGraph,
  a: string,
  b: string,
  max: number,
  walk: Walk = 'either',
  discovered: DiscoveredCalls = new Map(),
): number | null {
  if (!graph.has(a) || !graph.has(b)) return null;
  const start = graph.aliases(a);
  const targets = new Set(graph.aliases(b));
  const seen = new Set<string>(start);
  let frontier = [...start];
  for (let d = 0; d <= max; d += 1) {
    if (frontier.some((id) => targets.has(id))) return d;
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of nextOf(graph, id, walk, discovered)) {
        if (!graph.has(n)) continue;
        for (const alias of graph.aliases(n)) {
          if (seen.has(alias)) continue;
          seen.add(alias);
          next.push(alias);
        }
      }
    }
    frontier = next;
  }
  return null;
}

/** Why creating the anomaly breaks the knowledge or topology; null when it is valid. */
export function checkAnomaly(
  ctx: CausalCheckContext,
  anomaly: AnomalyRef,
  evidence: readonly Pick<EvidenceItem, 'kind' | 'summary' | 'detail'>[],
): string | null {
  if (!ctx.knowledge.types.has(anomaly.anomalyType)) return `"${anomaly.anomalyType}" is not an anomaly type of the knowledge`;
  if (!ctx.graph.has(anomaly.entity)) return `"${anomaly.entity}" is not an entity of the topology`;
  if (evidence.length === 0) return 'no evidence cited';
  if (!evidence.some((item) => typesIndicatedBy(ctx.knowledge, item).includes(anomaly.anomalyType)))
    return `none of the cited evidence can indicate ${anomaly.anomalyType}`;
  return null;
}

/** Why linking the alert to the anomaly is invalid; null when it is valid. */
export function checkAlertLink(
  ctx: CausalCheckContext,
  alert: Pick<EvidenceItem, 'kind' | 'summary' | 'detail' | 'entity'>,
  anomaly: AnomalyRef,
): string | null {
  const types = typesIndicatedBy(ctx.knowledge, alert);
  const name = alert.detail.type === 'alert' ? alert.detail.name : alert.summary;
  if (!types.includes(anomaly.anomalyType))
    return `alert "${name}" can indicate ${types.length === 0 ? 'no anomaly type' : types.join(', ')}, not ${anomaly.anomalyType}`;
  const distance = topologyDistance(ctx.graph, alert.entity, anomaly.entity, 1);
  if (distance === null) return `alert on ${alert.entity} is not on or next to ${anomaly.entity}`;
  return null;
}

export type CausalityVerdict = { ok: true; chain: Chain; distance: number } | { ok: false; reason: string };

/**
 * The type-level and topology check of `from` causes `to`: a chain of ≤ MAX_BRIDGES + 1
 * relations from the one type to the other, and the entities at most as far apart as the chain
 * may reach (each relation not scoped `same` may cross one dependency).
 */
export function checkCausality(
  ctx: CausalCheckContext,
  from: AnomalyRef,
  to: AnomalyRef,
  discovered: DiscoveredCalls = new Map(),
): CausalityVerdict {
  if (from.anomalyType === to.anomalyType && from.entity === to.entity) return { ok: false, reason: 'an anomaly cannot cause itself' };
  const chains = chainsBetween(ctx.knowledge, from.anomalyType, to.anomalyType);
  if (chains.length === 0)
    return {
      ok: false,
      reason: `the knowledge has no chain from ${from.anomalyType} to ${to.anomalyType} within ${MAX_BRIDGES + 1} relations`,
    };
  const max = MAX_BRIDGES + 1;
  const distance = topologyDistance(ctx.graph, from.entity, to.entity, max, 'either', discovered);
  if (distance === null) return { ok: false, reason: `${from.entity} and ${to.entity} are not connected within ${max} hops` };
  // The distance the chain's direction allows: effects on dependents walk from the effect to the cause.
  const along = (c: Chain): number | null =>
    c.direction === 'either'
      ? distance
      : c.direction === 'dependents'
        ? topologyDistance(ctx.graph, to.entity, from.entity, max, 'dependsOn', discovered)
        : topologyDistance(ctx.graph, from.entity, to.entity, max, 'dependsOn', discovered);
  const chain = chains.find((c) => {
    const d = along(c);
    return d !== null && c.reach >= d;
  });
  if (!chain) {
    const directed = chains.some((c) => c.direction !== 'either' && c.reach >= distance);
    return {
      ok: false,
      reason: directed
        ? `${to.entity} is not on the side of ${from.entity} that ${from.anomalyType} reaches (the knowledge's relations go the other way along the dependencies)`
        : `${from.entity} and ${to.entity} are ${distance} hop(s) apart; no chain from ${from.anomalyType} to ${to.anomalyType} reaches that far`,
    };
  }
  return { ok: true, chain, distance };
}

import type { OperationalGraph } from '../graph/index.js';
import type { InvestigationState } from '../ledger/index.js';
import type { CompiledKnowledge } from './compile.js';
import { standingGraph, type StandingGraph } from './standing.js';

/** One node the causal graph asks the controller to visit (an `Activated` event, reason `reminder`). */
export interface Reminder {
  node: string;
  /** The entity whose alert or anomaly asked for it. */
  by: string;
  note: string;
}

function isEvaluated(state: InvestigationState, node: string): boolean {
  return (state.nodes.get(node)?.visits ?? 0) > 0;
}

/** The standing anomaly ids with no incoming standing edge, in creation order. */
function rootAnomalies(graph: StandingGraph): string[] {
  const caused = new Set(graph.edges.map((e) => e.to));
  return graph.nodes.filter((a) => !caused.has(a.id)).map((a) => a.id);
}

/** The bootstrap's alerts that no standing anomaly has attached, in bootstrap order. */
function orphanAlerts(state: InvestigationState, graph: StandingGraph): { id: string; entity: string }[] {
  const linked = new Set(graph.nodes.flatMap((a) => a.alerts));
  return (state.started?.bootstrap?.alerts ?? []).filter((a) => !linked.has(a.id));
}

/**
 * Where the cause of an anomaly of type `t` may sit, read from the knowledge: a chain ending at
 * `t` that lands on dependents puts the cause among the entity's dependencies, and the reverse.
 */
function causeSides(knowledge: CompiledKnowledge, t: string): { dependencies: boolean; dependents: boolean } {
  const sides = { dependencies: false, dependents: false };
  for (const byTo of knowledge.chains.values()) {
    for (const chain of byTo.get(t) ?? []) {
      if (chain.reach === 0) continue;
      if (chain.direction !== 'dependencies') sides.dependencies = true;
      if (chain.direction !== 'dependents') sides.dependents = true;
    }
  }
  return sides;
}

/** The topology neighbours of `id` on the requested sides, sorted by id. */
function neighboursOn(graph: OperationalGraph, id: string, sides: { dependencies: boolean; dependents: boolean }): string[] {
  if (!graph.has(id)) return [];
  const out = new Set<string>();
  for (const n of graph.neighbours(id)) {
    // `configures` points from the ConfigMap to what it configures: the configured one depends on it.
    const isDependency = n.relation === 'contains' || (n.relation === 'configures' ? n.direction === 'in' : n.direction === 'out');
    const isDependent = n.relation === 'contains' || !isDependency;
    if ((sides.dependencies && isDependency) || (sides.dependents && isDependent)) out.add(n.id);
  }
  return [...out].sort();
}

/**
 * The causal graph's reminders (docs/causal-graph.md §7), read from what the walk still holds
 * (standing.ts): the entity of each orphan alert, then the topology neighbours of each root anomaly on the side its cause may sit, keeping only
 * entities never evaluated and not already queued, once each, in that order. `roots: false`
 * keeps only the orphan alerts' entities.
 */
export function selectReminders(
  state: InvestigationState,
  graph: OperationalGraph,
  knowledge: CompiledKnowledge,
  options: { roots: boolean } = { roots: true },
): Reminder[] {
  const out: Reminder[] = [];
  const seen = new Set<string>();
  const standing = standingGraph(state);
  const add = (node: string, by: string, note: string): void => {
    if (seen.has(node) || !graph.has(node) || isEvaluated(state, node) || state.active.has(node)) return;
    seen.add(node);
    out.push({ node, by, note });
  };
  for (const alert of orphanAlerts(state, standing)) add(alert.entity, alert.entity, `orphan alert ${alert.id}`);
  for (const id of options.roots ? rootAnomalies(standing) : []) {
    const anomaly = state.causal.anomalies.get(id);
    if (!anomaly) continue;
    for (const n of neighboursOn(graph, anomaly.entity, causeSides(knowledge, anomaly.anomalyType))) {
      add(n, anomaly.entity, `no cause found yet for ${id}`);
    }
  }
  return out;
}

/**
 * Why the walk may stop before its queue is empty, or null: every seed was evaluated once, at
 * least one alert arrived and every alert is attached to an anomaly, and the causal graph (its
 * anomalies with an alert or an edge) has exactly one root.
 */
export function earlyStopReason(state: InvestigationState, seeds: readonly string[]): string | null {
  if (seeds.some((s) => !isEvaluated(state, s))) return null;
  const alerts = state.started?.bootstrap?.alerts ?? [];
  const standing = standingGraph(state);
  if (alerts.length === 0 || orphanAlerts(state, standing).length > 0) return null;
  const linked = new Set<string>();
  for (const e of standing.edges) linked.add(e.from).add(e.to);
  const kept = new Set(standing.nodes.filter((a) => a.alerts.length > 0 || linked.has(a.id)).map((a) => a.id));
  const roots = rootAnomalies(standing).filter((id) => kept.has(id));
  if (roots.length !== 1) return null;
  return `every alert (${alerts.length}) is attached and the causal graph has one root, ${roots[0] ?? ''}`;
}

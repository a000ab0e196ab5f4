import { severityTier, type EntityId, type SeverityTier } from '../model/index.js';
import type { InvestigationState } from '../ledger/index.js';

/**
 * What one root cause accounts for (docs/algorithm.md, "Frontier"): the investigation's alerts
 * on it or on what it explains through E_S, by severity; the entry points (where users' requests
 * come in) among those found degraded; and the degraded entities (Origin or Symptom) it explains,
 * itself included, out of all judged degraded.
 */
export interface RootExplains {
  root: EntityId;
  /** The alerts it accounts for, as `<name> on <entity>` (the form of the diagnosis's alerts_explained). */
  alerts: string[];
  severity: Record<SeverityTier, number>;
  entry: EntityId[];
  anomalous: number;
  anomalousTotal: number;
}

/** Entities reachable from `start` along E_S edges (what it explains), without `start` itself. */
export function reachableFrom(state: InvestigationState, start: EntityId): Set<EntityId> {
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

/** The entity the walk judged for an alert: its own, or the Service it was folded into (a Pod's alert). */
export function alertNode(alert: { entity: EntityId; node?: EntityId | undefined }): EntityId {
  return alert.node ?? alert.entity;
}

const isDegraded = (state: InvestigationState, id: EntityId): boolean => {
  const label = state.nodes.get(id)?.belief?.label;
  return label === 'Origin' || label === 'Symptom';
};

export function explainsOf(state: InvestigationState, root: EntityId, reached = reachableFrom(state, root)): RootExplains {
  const covered = new Set([root, ...reached]);
  const severity: Record<SeverityTier, number> = { critical: 0, warning: 0, info: 0 };
  const alerts: string[] = [];
  for (const alert of state.started?.bootstrap?.alerts ?? []) {
    if (!covered.has(alertNode(alert))) continue;
    alerts.push(`${alert.name} on ${alert.entity}`);
    severity[severityTier(alert.severity)]++;
  }
  const degraded = [...state.nodes.keys()].filter((id) => isDegraded(state, id));
  const entry = (state.started?.bootstrap?.entryPoints ?? []).filter((id) => covered.has(id) && isDegraded(state, id)).sort();
  const anomalous = degraded.filter((id) => covered.has(id)).length;
  return { root, alerts, severity, entry, anomalous, anomalousTotal: degraded.length };
}

/**
 * A concurrent finding (docs/algorithm.md, "Frontier"): a root whose whole observed effect is a
 * minor alert on itself — it accounts for alerts, none critical, and explains no entry point's
 * symptoms and no degraded entity but itself — beside another root that explains more (a critical
 * alert, an entry point's symptoms, or degraded entities beyond itself). A fresh deploy that only
 * raises its own CPU and fires one warning, while a config change is behind the critical alerts.
 * A root that accounts for no alert at all is not one: nothing says its effect stops at itself
 * (the walk may not have linked it to what it explains).
 */
export function isConcurrentFinding(root: RootExplains, others: readonly RootExplains[]): boolean {
  const isConfined = root.alerts.length > 0 && root.severity.critical === 0 && root.entry.length === 0 && root.anomalous <= 1;
  return isConfined && others.some((o) => o !== root && (o.severity.critical > 0 || o.entry.length > 0 || o.anomalous > 1));
}

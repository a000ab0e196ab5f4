import type { InvestigationState } from '../ledger/index.js';
import { standingGraph } from './standing.js';
import { computeMetrics } from './metrics.js';
import type { CausalGraph } from './schema.js';
import { postProcess } from './post.js';

function subjectOf(v: InvestigationState['causal']['violations'][number]): string {
  if (v.operation === 'add_causality') return `${v.from ?? '?'} → ${v.to ?? '?'}`;
  if (v.operation === 'link_alert') return `${v.alert ?? '?'} → ${v.anomalyType ?? '?'}@${v.entity ?? '?'}`;
  return `${v.anomalyType ?? '?'}@${v.entity ?? '?'}`;
}

/**
 * The causal graph of a ledger prefix, post-processed, with its metrics: a pure function of
 * the fold (the diagnosis and the UI's projection both call it; the renderer never does).
 * Undefined when the layer is off.
 */
export function causalGraphView(state: InvestigationState): CausalGraph | undefined {
  const settings = state.settings?.causal;
  if (!settings) return undefined;
  const layer = state.causal;
  const { nodes, edges, withdrawn } = standingGraph(state);
  const processed = postProcess({
    nodes: nodes.map((n) => ({ ...n, alerts: n.alerts })),
    edges: edges.map((e) => ({ ...e })),
  });
  const adjacent = new Set(nodes.flatMap((n) => n.adjacent.map((m) => `${n.id}\u0000${m}`)));
  const keep = new Set(processed.nodes.map((n) => n.id));
  const proposals =
    edges.filter((e) => e.violation === null).length + layer.violations.filter((v) => v.operation === 'add_causality').length;
  const violating = layer.violations.filter((v) => v.operation === 'add_causality').length;
  const metrics = computeMetrics(processed, {
    k: settings.k,
    epsilon: settings.epsilon,
    // The pairs recorded at creation (same or adjacent entity).
    isAdjacent: (a, b) => adjacent.has(`${a.id}\u0000${b.id}`) || adjacent.has(`${b.id}\u0000${a.id}`),
    proposed: proposals,
    violating,
  });
  const linked = new Set(nodes.flatMap((n) => n.alerts));
  const alerts = state.started?.bootstrap?.alerts ?? [];
  return {
    nodes: processed.nodes.map((n) => ({
      id: n.id,
      type: n.anomalyType,
      entity: n.entity,
      alerts: n.alerts.map((id) => ({ id, name: layer.alertNames.get(id) ?? id })),
      evidence: [...n.evidence],
      source: n.source,
    })),
    edges: processed.edges.map((e) => ({
      from: e.from,
      to: e.to,
      rationale: e.rationale,
      evidence: [...e.evidence],
      via: [...e.via],
      source: e.source,
      violation: e.violation,
    })),
    violations: layer.violations.map((v) => ({
      operation: v.operation,
      reason: v.reason,
      enforced: v.enforced,
      by: v.by,
      source: v.source,
      subject: subjectOf(v),
      evidence: [...v.evidence],
    })),
    metrics,
    pruned: { nodes: nodes.length - keep.size, edges: edges.length - processed.edges.length },
    withdrawn,
    orphan_alerts: alerts.filter((a) => !linked.has(a.id)).map((a) => a.id),
    knowledge: settings.knowledge,
    enforce: settings.enforce,
  };
}

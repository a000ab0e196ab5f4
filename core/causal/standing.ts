import { edgeKey, type AnomalyNode, type CausalEdge, type InvestigationState } from '../ledger/index.js';

export interface StandingGraph {
  /** Anomalies still held, in creation order. */
  nodes: AnomalyNode[];
  /** Causal edges still held, in creation order. */
  edges: CausalEdge[];
  /** How many of each the ledger holds that the walk no longer does. */
  withdrawn: { nodes: number; edges: number };
}

/**
 * What the walk still holds of the causal layer. The ledger keeps every operation, but beliefs
 * are revised: an anomaly on an entity now judged Healthy is withdrawn, and so is an edge with
 * a withdrawn end or, when it was derived from an E_S claim, whose claim no evaluation asserts
 * any more. A later evaluation that asserts them again brings them back. The view, the
 * reminders and the early stop all read this graph (docs/causal-graph.md).
 */
export function standingGraph(state: InvestigationState): StandingGraph {
  const layer = state.causal;
  const anomalies = [...layer.anomalies.values()].sort((a, b) => a.seq - b.seq);
  const isHealthy = (entity: string): boolean => state.nodes.get(entity)?.belief?.label === 'Healthy';
  const nodes = anomalies.filter((a) => !isHealthy(a.entity));
  const byId = new Map(nodes.map((a) => [a.id, a]));
  const all = [...layer.edges.values()].sort((a, b) => a.seq - b.seq);
  const edges = all.filter((e) => {
    const from = byId.get(e.from);
    const to = byId.get(e.to);
    if (!from || !to) return false;
    return e.source !== 'derived' || state.edges.has(edgeKey(from.entity, to.entity));
  });
  return { nodes, edges, withdrawn: { nodes: anomalies.length - nodes.length, edges: all.length - edges.length } };
}

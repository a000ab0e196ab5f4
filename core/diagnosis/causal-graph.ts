import { CausalGraph, causalGraphView } from '../causal/index.js';
import type { InvestigationState } from '../ledger/index.js';

/**
 * The diagnosis's `causal_graph` (docs/causal-graph.md): the fold's graph, post-processed, with
 * violations and the metrics SC, TC, KC and their interpretability `score`. Absent when the
 * layer is off.
 */
export const DiagnosisCausalGraph = CausalGraph;

export function diagnosisCausalGraph(state: InvestigationState): { causal_graph?: CausalGraph } {
  const graph = causalGraphView(state);
  return graph ? { causal_graph: graph } : {};
}

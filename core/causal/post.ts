/** The causal graph reduced to what post-processing and the metrics need. */
export interface PlainNode {
  id: string;
  entity: string;
  alerts: readonly string[];
}
export interface PlainEdge {
  from: string;
  to: string;
}
export interface PlainGraph<N extends PlainNode = PlainNode, E extends PlainEdge = PlainEdge> {
  nodes: N[];
  edges: E[];
}

/** Orphan pruning: drops anomalies with no attached alert and no edge. */
export function pruneOrphans<N extends PlainNode, E extends PlainEdge>(graph: PlainGraph<N, E>): PlainGraph<N, E> {
  const touched = new Set(graph.edges.flatMap((e) => [e.from, e.to]));
  return { nodes: graph.nodes.filter((n) => n.alerts.length > 0 || touched.has(n.id)), edges: graph.edges };
}

function reaches(edges: readonly PlainEdge[], from: string, to: string, skip: PlainEdge): boolean {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    if (e === skip) continue;
    const list = out.get(e.from) ?? [];
    list.push(e.to);
    out.set(e.from, list);
  }
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const at = stack.pop() as string;
    for (const next of out.get(at) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

/**
 * Transitive reduction: drops A→C when another path leads from A to C (A→B→C). Edges are
 * considered in their given order and removed one at a time, so reachability is kept even
 * when the graph has a cycle.
 */
export function transitiveReduction<N extends PlainNode, E extends PlainEdge>(graph: PlainGraph<N, E>): PlainGraph<N, E> {
  let edges = [...graph.edges];
  for (const edge of graph.edges) {
    if (reaches(edges, edge.from, edge.to, edge)) edges = edges.filter((e) => e !== edge);
  }
  return { nodes: graph.nodes, edges };
}

/** Pruning, then reduction, then pruning again (a reduced edge never orphans a node, but keep it safe). */
export function postProcess<N extends PlainNode, E extends PlainEdge>(graph: PlainGraph<N, E>): PlainGraph<N, E> {
  const known = new Set(graph.nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => known.has(e.from) && known.has(e.to));
  return pruneOrphans(transitiveReduction(pruneOrphans({ nodes: graph.nodes, edges })));
}

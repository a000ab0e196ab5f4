import type { PlainGraph, PlainNode } from './post.js';

/** The interpretability metrics of one causal graph (docs/causal-graph.md). */
export interface CausalMetrics {
  /** Structural consistency: 0 = every node's out-degree matches its neighbourhood's (lower is better). */
  SC: number;
  /** Topological consistency: share of topology-adjacent anomaly pairs joined by a directed path (higher is better). */
  TC: number;
  /** Knowledge consistency: 1 − violating / proposed causal edges (higher is better). */
  KC: number;
  /** interpretability(): one score in [0, 1]. */
  score: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function outDegrees(graph: PlainGraph): Map<string, number> {
  const degree = new Map(graph.nodes.map((n) => [n.id, 0]));
  for (const e of graph.edges) degree.set(e.from, (degree.get(e.from) ?? 0) + 1);
  return degree;
}

/** Nodes within k hops of `id`, edges taken in either direction, `id` itself excluded. */
export function kHopNeighbours(graph: PlainGraph, id: string, k: number): string[] {
  const adjacent = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    const set = adjacent.get(a) ?? new Set();
    set.add(b);
    adjacent.set(a, set);
  };
  for (const e of graph.edges) {
    link(e.from, e.to);
    link(e.to, e.from);
  }
  const seen = new Set([id]);
  let frontier = [id];
  for (let hop = 0; hop < k; hop += 1) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const n of adjacent.get(at) ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  seen.delete(id);
  return [...seen].sort();
}

/**
 * SC_k = std({R(v) − B_k(v)}) / (max R − min R + ε): R = out-degree, B_k(v) = the median
 * out-degree of v's k-hop neighbours (R(v) itself when v has none, a deviation of 0); std is the
 * population standard deviation. 0 for an empty graph.
 */
export function structuralConsistency(graph: PlainGraph, k: number, epsilon: number): number {
  if (graph.nodes.length === 0) return 0;
  const degree = outDegrees(graph);
  const deviations = graph.nodes.map((n) => {
    const r = degree.get(n.id) ?? 0;
    const around = kHopNeighbours(graph, n.id, k);
    return r - (around.length === 0 ? r : median(around.map((id) => degree.get(id) ?? 0)));
  });
  const mean = deviations.reduce((a, b) => a + b, 0) / deviations.length;
  const std = Math.sqrt(deviations.reduce((a, d) => a + (d - mean) ** 2, 0) / deviations.length);
  const rs = [...degree.values()];
  return std / (Math.max(...rs) - Math.min(...rs) + epsilon);
}

/**
 * TC: among unordered anomaly pairs `isAdjacent` accepts (on topology-adjacent or the same entities),
 * the share joined by a directed path one way or the other. 1 when there is no such pair.
 */
export function topologicalConsistency(graph: PlainGraph, isAdjacent: (a: PlainNode, b: PlainNode) => boolean): number {
  const reach = new Map<string, Set<string>>();
  const out = new Map<string, string[]>();
  for (const e of graph.edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  for (const n of graph.nodes) {
    const seen = new Set<string>();
    const stack = [n.id];
    while (stack.length > 0) {
      for (const next of out.get(stack.pop() as string) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    reach.set(n.id, seen);
  }
  let pairs = 0;
  let joined = 0;
  graph.nodes.forEach((a, i) => {
    for (const b of graph.nodes.slice(i + 1)) {
      if (!isAdjacent(a, b)) continue;
      pairs += 1;
      if (reach.get(a.id)?.has(b.id) || reach.get(b.id)?.has(a.id)) joined += 1;
    }
  });
  return pairs === 0 ? 1 : joined / pairs;
}

/** KC = 1 − violating / proposed causal edges (every add-causality proposal, applied or rejected); 1 when none was proposed. */
export function knowledgeConsistency(proposed: number, violating: number): number {
  return proposed === 0 ? 1 : 1 - violating / proposed;
}

/**
 * One interpretability score in [0, 1]: the mean of TC, KC and 1 − min(SC, 1), each in [0, 1]
 * and higher-is-better, weighed equally because none is more telling than the others on its
 * own; 0 for a graph with no anomaly (nothing was explained). Rounded to 6 places so a
 * replay prints the same bytes.
 */
export function interpretability(metrics: Omit<CausalMetrics, 'score'>, nodeCount: number): number {
  if (nodeCount === 0) return 0;
  return round((metrics.TC + metrics.KC + (1 - Math.min(metrics.SC, 1))) / 3);
}

export function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function computeMetrics(
  graph: PlainGraph,
  options: { k: number; epsilon: number; isAdjacent: (a: PlainNode, b: PlainNode) => boolean; proposed: number; violating: number },
): CausalMetrics {
  const base = {
    SC: round(structuralConsistency(graph, options.k, options.epsilon)),
    TC: round(topologicalConsistency(graph, options.isAdjacent)),
    KC: round(knowledgeConsistency(options.proposed, options.violating)),
  };
  return { ...base, score: interpretability(base, graph.nodes.length) };
}

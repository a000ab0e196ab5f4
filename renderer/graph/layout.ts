import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { seedPosition } from './seed.js';

export interface LayoutRequest {
  nodes: string[];
  edges: [string, string][];
  iterations: number;
}

export type Positions = Record<string, { x: number; y: number }>;

export const LAYOUT_ITERATIONS = 300;

/** Half-width of the square seeds are drawn from: grows with the graph so seeds rarely collide. */
export function seedSpread(nodeCount: number): number {
  return Math.max(10, Math.sqrt(nodeCount) * 10);
}

/**
 * Deterministic ForceAtlas2: seeded start positions and a fixed iteration count. Pure, so it
 * runs the same in the worker and in tests.
 */
export function computeLayout(request: LayoutRequest): Positions {
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  const spread = seedSpread(request.nodes.length);
  // Sorted insertion: FA2 iterates nodes in insertion order, so order must not depend on input.
  for (const id of [...request.nodes].sort()) graph.addNode(id, seedPosition(id, spread));
  // Edges too: FA2 sums forces in edge order, and float addition is not associative.
  const pairs = request.edges.map(([s, t]): [string, string] => (s < t ? [s, t] : [t, s]));
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  for (const [source, target] of pairs) {
    if (source !== target && graph.hasNode(source) && graph.hasNode(target) && !graph.hasEdge(source, target)) {
      graph.addEdge(source, target);
    }
  }
  if (graph.order === 0) return {};
  const settings = { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 2000 };
  return forceAtlas2(graph, { iterations: request.iterations, settings });
}

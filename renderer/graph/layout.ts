import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { layeredPositions } from './layered.js';
import type { Positions } from './positions.js';
import { seedPosition } from './seed.js';

export type { Positions } from './positions.js';

/** Where ForceAtlas2 starts: hashed seeds (small graphs) or the layered layout (large ones). */
export type LayoutStart = 'seeded' | 'layered';

export interface LayoutRequest {
  nodes: string[];
  edges: [string, string][];
  start: LayoutStart;
  /** ForceAtlas2 iterations after the start; 0 keeps the start positions. */
  iterations: number;
}

export const LAYOUT_ITERATIONS = 300;
/** Up to this size the full seeded ForceAtlas2 runs (exact forces, a few seconds at most). */
export const SMALL_GRAPH_NODES = 2000;
/** Above this size ForceAtlas2 is skipped: too slow to help, the layered layout is final. */
export const MAX_REFINED_NODES = 20_000;
/** The fewest iterations worth a refinement pass at all. */
const MIN_ITERATIONS = 20;

/**
 * Start and iteration count for a graph size. Small graphs keep the fixed 300 iterations from
 * seeds; larger ones start from the layered layout (already readable) and get iterations in
 * inverse proportion to their size, so the refinement costs about the same at any size.
 */
export function planLayout(nodeCount: number): Pick<LayoutRequest, 'start' | 'iterations'> {
  if (nodeCount <= SMALL_GRAPH_NODES) return { start: 'seeded', iterations: LAYOUT_ITERATIONS };
  if (nodeCount > MAX_REFINED_NODES) return { start: 'layered', iterations: 0 };
  return { start: 'layered', iterations: Math.max(MIN_ITERATIONS, Math.round((LAYOUT_ITERATIONS * SMALL_GRAPH_NODES) / nodeCount)) };
}

/** Half-width of the square seeds are drawn from: grows with the graph so seeds rarely collide. */
export function seedSpread(nodeCount: number): number {
  return Math.max(10, Math.sqrt(nodeCount) * 10);
}

/** The positions the graph is drawn with at once, before any refinement. */
export function startPositions(request: Pick<LayoutRequest, 'nodes' | 'edges' | 'start'>): Positions {
  if (request.start === 'layered') return layeredPositions(request.nodes, request.edges);
  const spread = seedSpread(request.nodes.length);
  const out: Positions = {};
  for (const id of request.nodes) out[id] = seedPosition(id, spread);
  return out;
}

/**
 * Deterministic ForceAtlas2: deterministic start positions and a fixed iteration count. Pure,
 * so it runs the same in the worker and in tests.
 */
export function computeLayout(request: LayoutRequest): Positions {
  const start = startPositions(request);
  if (request.iterations <= 0) return start;
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  // Sorted insertion: FA2 iterates nodes in insertion order, so order must not depend on input.
  for (const id of [...request.nodes].sort()) if (!graph.hasNode(id)) graph.addNode(id, start[id]);
  // Edges too: FA2 sums forces in edge order, and float addition is not associative.
  const pairs = request.edges.map(([s, t]): [string, string] => (s < t ? [s, t] : [t, s]));
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  for (const [source, target] of pairs) {
    if (source !== target && graph.hasNode(source) && graph.hasNode(target) && !graph.hasEdge(source, target)) {
      graph.addEdge(source, target);
    }
  }
  if (graph.order === 0) return {};
  const settings = { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > SMALL_GRAPH_NODES };
  return forceAtlas2(graph, { iterations: request.iterations, settings });
}

import Graph from 'graphology';
import type { GraphView, InvestigationState } from '../../core/ipc/index.js';
import type { Label } from '../../core/model/index.js';
import { showControls } from '../../core/text/index.js';

export interface NodeAttributes {
  x: number;
  y: number;
  size: number;
  label: string;
  kind: string;
  alertCount: number;
  beliefLabel: Label | null;
  isFrontier: boolean;
}

export interface EdgeAttributes {
  relation: string;
  isDiscovered: boolean;
  size: number;
  /** Causal-graph view only (causal-graph.ts): why the cause leads to the effect, shown on hover. */
  rationale?: string;
  /** Causal-graph view only: set when the edge breaks the knowledge (enforcement off). */
  violation?: string | null;
}

export type WorkbenchGraph = Graph<NodeAttributes, EdgeAttributes>;

export function createWorkbenchGraph(): WorkbenchGraph {
  return new Graph<NodeAttributes, EdgeAttributes>({ type: 'directed', multi: true, allowSelfLoops: true });
}

function nodeSize(kind: string): number {
  return kind === 'Service' ? 9 : kind === 'Node' ? 7 : 5;
}

/** Replaces the graph's contents in place (sigma keeps its reference to the same graph). */
export function loadGraphView(graph: WorkbenchGraph, view: GraphView): void {
  graph.clear();
  for (const n of view.nodes) {
    graph.addNode(n.id, {
      x: 0,
      y: 0,
      size: nodeSize(n.kind),
      // Drawn on the canvas, where a bidi override would reorder it as anywhere (core/text).
      label: showControls(n.namespace ? `${n.kind}/${n.name}` : n.id),
      kind: n.kind,
      alertCount: n.alertCount,
      beliefLabel: n.label,
      isFrontier: n.isFrontier,
    });
  }
  for (const e of view.edges) {
    if (graph.hasNode(e.source) && graph.hasNode(e.target)) {
      graph.addEdgeWithKey(e.id, e.source, e.target, { relation: e.relation, isDiscovered: e.isDiscovered, size: 1 });
    }
  }
}

const DISCOVERED_PREFIX = 'es:';

/**
 * Folds an investigation state into the graph in place: belief labels and frontier on nodes
 * (unvisited nodes go back to null), and the discovered "explains" edges added or removed.
 */
export function applyInvestigation(graph: WorkbenchGraph, state: InvestigationState | null): void {
  const labels = new Map(state?.nodes.map((n) => [n.node, n.belief?.label ?? null]) ?? []);
  const frontier = new Set(state?.frontier ?? []);
  graph.forEachNode((id) => {
    graph.mergeNodeAttributes(id, { beliefLabel: labels.get(id) ?? null, isFrontier: frontier.has(id) });
  });
  const wanted = new Map<string, [string, string]>();
  for (const e of state?.edges ?? []) {
    if (e.isDiscovered && graph.hasNode(e.from) && graph.hasNode(e.to))
      wanted.set(`${DISCOVERED_PREFIX}${e.from}->${e.to}`, [e.from, e.to]);
  }
  for (const key of graph.filterEdges((key) => key.startsWith(DISCOVERED_PREFIX))) {
    if (!wanted.has(key)) graph.dropEdge(key);
  }
  for (const [key, [from, to]] of wanted) {
    if (!graph.hasEdge(key)) graph.addEdgeWithKey(key, from, to, { relation: 'explains', isDiscovered: true, size: 2 });
  }
}

/**
 * Moves nodes to `positions` in one graph event (sigma then refreshes once, not once per node:
 * that matters at 50k nodes). Nodes without a position keep theirs.
 */
export function applyPositions(graph: WorkbenchGraph, positions: Record<string, { x: number; y: number }>): void {
  graph.updateEachNodeAttributes(
    (id, attrs) => {
      const p = positions[id];
      if (p) {
        attrs.x = p.x;
        attrs.y = p.y;
      }
      return attrs;
    },
    { attributes: ['x', 'y'] },
  );
}

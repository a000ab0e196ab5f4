import type { ReportGraph } from './graph.js';

export interface NodePosition {
  x: number;
  y: number;
  layer: number;
}

export interface GraphLayout {
  positions: Map<string, NodePosition>;
  width: number;
  height: number;
}

export const layoutSizes = { nodeWidth: 200, nodeHeight: 40, columnGap: 70, rowGap: 18, margin: 16 } as const;

/**
 * A deterministic layered layout, left to right: root causes in the first column, then each
 * propagation step one column further (shortest distance along E_S). Nodes with no edge sit in
 * a last column of their own. The same diagnosis always gives the same picture.
 */
export function layoutReportGraph(graph: ReportGraph): GraphLayout {
  const layers = assignLayers(graph);
  const columns = new Map<number, string[]>();
  for (const node of graph.nodes) {
    const layer = layers.get(node.id) ?? 0;
    columns.set(layer, [...(columns.get(layer) ?? []), node.id]);
  }
  const { nodeWidth, nodeHeight, columnGap, rowGap, margin } = layoutSizes;
  const positions = new Map<string, NodePosition>();
  let rows = 0;
  for (const [layer, ids] of columns) {
    rows = Math.max(rows, ids.length);
    ids.forEach((id, row) =>
      positions.set(id, { layer, x: margin + layer * (nodeWidth + columnGap), y: margin + row * (nodeHeight + rowGap) }),
    );
  }
  const layerCount = columns.size === 0 ? 0 : Math.max(...columns.keys()) + 1;
  return {
    positions,
    width: margin * 2 + Math.max(0, layerCount * (nodeWidth + columnGap) - columnGap),
    height: margin * 2 + Math.max(0, rows * (nodeHeight + rowGap) - rowGap),
  };
}

function assignLayers(graph: ReportGraph): Map<string, number> {
  const out = new Map<string, string[]>();
  const hasIncoming = new Set<string>();
  const linked = new Set<string>();
  for (const e of graph.edges) {
    out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
    hasIncoming.add(e.target);
    linked.add(e.source).add(e.target);
  }
  const layers = new Map<string, number>();
  const spread = (roots: readonly string[]) => {
    const queue = roots.filter((r) => !layers.has(r));
    queue.forEach((r) => layers.set(r, 0));
    for (let i = 0; i < queue.length; i++) {
      const current = queue[i] as string;
      const depth = layers.get(current) ?? 0;
      for (const next of out.get(current) ?? []) {
        if (layers.has(next)) continue;
        layers.set(next, depth + 1);
        queue.push(next);
      }
    }
  };
  spread(graph.nodes.filter((n) => n.isFrontier).map((n) => n.id));
  spread(graph.nodes.filter((n) => linked.has(n.id) && !hasIncoming.has(n.id)).map((n) => n.id));
  // What is left is linked only through cycles: start from the first such node in order.
  for (const n of graph.nodes) if (linked.has(n.id)) spread([n.id]);
  const isolatedLayer = layers.size === 0 ? 0 : Math.max(...layers.values()) + 1;
  for (const n of graph.nodes) if (!layers.has(n.id)) layers.set(n.id, isolatedLayer);
  return layers;
}

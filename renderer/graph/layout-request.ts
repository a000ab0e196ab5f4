import type { GraphView } from '../../core/ipc/index.js';
import { planLayout, type LayoutRequest } from './layout.js';

/** The layout of a graph view: topology edges only (discovered edges come and go with the run). */
export function layoutRequest(view: GraphView): LayoutRequest {
  return {
    nodes: view.nodes.map((n) => n.id),
    edges: view.edges.filter((e) => !e.isDiscovered).map((e): [string, string] => [e.source, e.target]),
    ...planLayout(view.nodes.length),
  };
}

import { useEffect, useRef } from 'react';
import Sigma from 'sigma';
import { useWorkbenchStore } from '../store/context.js';
import type { WorkbenchState } from '../store/store.js';
import type { EdgeAttributes, NodeAttributes, WorkbenchGraph } from './model.js';
import { reduceEdge, reduceNode, type HighlightState } from './reducers.js';

function highlightOf(s: WorkbenchState): HighlightState {
  return { hovered: s.hoveredNode, selected: s.selectedNode, search: s.search.trim().toLowerCase() };
}

/**
 * The sigma view of the graph. Sigma is created once per graph; store changes only refresh
 * it, and visual state goes through the reducers, never by rebuilding the graph.
 */
export function GraphCanvas({ graph }: { graph: WorkbenchGraph }) {
  const container = useRef<HTMLDivElement>(null);
  const store = useWorkbenchStore();

  useEffect(() => {
    if (!container.current) return;
    let view = highlightOf(store.getState());
    const sigma = new Sigma<NodeAttributes, EdgeAttributes>(graph, container.current, {
      defaultEdgeType: 'arrow',
      labelFont: 'system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: '#1f2933' },
      zIndex: true,
      nodeReducer: (id, attrs) => reduceNode(graph, id, attrs, view),
      edgeReducer: (id, attrs) => reduceEdge(graph, id, attrs, view),
    });
    sigma.on('enterNode', ({ node }) => store.getState().setHoveredNode(node));
    sigma.on('leaveNode', () => store.getState().setHoveredNode(null));
    sigma.on('clickNode', ({ node }) => store.getState().toggleSelectedNode(node));
    sigma.on('clickStage', () => store.getState().clearSelection());
    const unsubscribe = store.subscribe((state) => {
      const next = highlightOf(state);
      if (next.hovered === view.hovered && next.selected === view.selected && next.search === view.search) return;
      view = next;
      sigma.refresh({ skipIndexation: true });
    });
    return () => {
      unsubscribe();
      sigma.kill();
    };
  }, [graph, store]);

  return <div ref={container} className="graph-canvas" aria-hidden="true" />;
}

import type { Attributes } from 'graphology-types';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import { NodePointProgram } from 'sigma/rendering';
import { useWorkbench, useWorkbenchStore } from '../store/context.js';
import type { WorkbenchState } from '../store/store.js';
import { focusNodeAt } from '../store/timeline-slice.js';
import { setActiveSigma } from './active-sigma.js';
import type { EdgeAttributes, NodeAttributes, WorkbenchGraph } from './model.js';
import { createEdgeDashedArrowProgram } from './edge-dashed.js';
import { DISCOVERED_EDGE_TYPE, reduceEdge, reduceNode, type HighlightState } from './reducers.js';
import { sizeSettings } from './sigma-settings.js';
import { instrumentRenders } from './render-marks.js';
import { buildCausalGraph, CAUSAL_COLORS, causalNodeColor } from './causal-graph.js';

/** The timeline focus is a scan of the ledger; redo it only when the ledger or seq moved. */
function createHighlighter(): (s: WorkbenchState) => HighlightState {
  let cache: { ledger: WorkbenchState['ledger']; seq: number; current: string | null } | null = null;
  return (s) => {
    const seq = s.investigation?.seq ?? -1;
    if (!cache || cache.ledger !== s.ledger || cache.seq !== seq) cache = { ledger: s.ledger, seq, current: focusNodeAt(s.ledger, seq) };
    return { hovered: s.hoveredNode, selected: s.selectedNode, search: s.search.trim().toLowerCase(), current: cache.current };
  };
}

function isSameView(a: HighlightState, b: HighlightState): boolean {
  return a.hovered === b.hovered && a.selected === b.selected && a.search === b.search && a.current === b.current;
}

/**
 * The sigma view of the graph. Sigma is created once per graph; store changes only refresh
 * it, and visual state goes through the reducers, never by rebuilding the graph.
 */
export function GraphCanvas({ graph }: { graph: WorkbenchGraph }) {
  const container = useRef<HTMLDivElement>(null);
  const store = useWorkbenchStore();
  const sigmaRef = useRef<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const graphVersion = useWorkbench((s) => s.graphVersion);
  const graphView = useWorkbench((s) => s.graphView);
  const causal = useWorkbench((s) => s.investigation?.causalGraph ?? null);
  /** The causal graph is on the canvas (docs/causal-graph.md): sigma is made anew for it, with edge events. */
  const showCausal = graphView === 'causal' && causal !== null;
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const highlightOf = createHighlighter();
    let view = highlightOf(store.getState());
    const causalView = store.getState().investigation?.causalGraph;
    const isCausal = showCausal && causalView !== undefined;
    // Edge picking is fixed when sigma is made: on for the causal view (rationale on hover), off for
    // the operational graph, where 50k edges would pay for a picking pass nobody uses.
    const sigma = new Sigma<NodeAttributes, EdgeAttributes>(isCausal ? buildCausalGraph(causalView, graph) : graph, container.current, {
      enableEdgeEvents: isCausal,
      ...sizeSettings(graph.order),
      nodeProgramClasses: { point: NodePointProgram },
      edgeProgramClasses: { [DISCOVERED_EDGE_TYPE]: createEdgeDashedArrowProgram<NodeAttributes, EdgeAttributes, Attributes>() },
      labelFont: 'system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: '#1f2933' },
      renderEdgeLabels: true,
      edgeLabelSize: 10,
      edgeLabelColor: { color: '#c2255c' },
      zIndex: true,
      nodeReducer: (id, attrs) =>
        isCausal ? { ...attrs, color: causalNodeColor(attrs.kind), forceLabel: true } : reduceNode(graph, id, attrs, view),
      edgeReducer: (id, attrs) =>
        isCausal
          ? {
              ...attrs,
              type: attrs.relation === 'causes' ? 'arrow' : 'line',
              color: attrs.violation ? CAUSAL_COLORS.violation : attrs.relation === 'causes' ? CAUSAL_COLORS.edge : CAUSAL_COLORS.attach,
            }
          : reduceEdge(graph, id, attrs, view),
    });
    sigmaRef.current = sigma;
    setActiveSigma(sigma);
    instrumentRenders(sigma);
    // Anomaly and alert nodes of the causal view are not entities: the inspector stays as it is.
    sigma.on('enterNode', ({ node }) => !isCausal && store.getState().setHoveredNode(node));
    sigma.on('leaveNode', () => !isCausal && store.getState().setHoveredNode(null));
    sigma.on('clickNode', ({ node }) => !isCausal && store.getState().toggleSelectedNode(node));
    sigma.on('enterEdge', ({ edge, event }) => {
      const attrs = sigma.getGraph().getEdgeAttributes(edge);
      if (isCausal && attrs.rationale) setTip({ x: event.x, y: event.y, text: attrs.rationale });
    });
    sigma.on('leaveEdge', () => setTip(null));
    sigma.on('clickStage', () => store.getState().clearSelection());
    // Sigma follows the window's size by itself, not its container's: the split between the graph and the side panel moves.
    const element = container.current;
    const resizing = new ResizeObserver(() => {
      // Hidden (the trainer's view is open): nothing to draw, and sigma refuses a container without width.
      if (element.offsetWidth > 0 && element.offsetHeight > 0) sigma.scheduleRefresh();
    });
    resizing.observe(element);
    const unsubscribe = store.subscribe((state) => {
      const next = highlightOf(state);
      if (isSameView(next, view)) return;
      view = next;
      sigma.refresh({ skipIndexation: true });
    });
    return () => {
      resizing.disconnect();
      unsubscribe();
      sigmaRef.current = null;
      setActiveSigma(null);
      if (window.__eogSigma === sigma) window.__eogSigma = undefined;
      sigma.kill();
    };
  }, [graph, store, showCausal]);

  // A new projected state while the causal view is shown: the same sigma shows the new graph.
  useEffect(() => {
    const sigma = sigmaRef.current;
    if (!sigma || !showCausal || causal === null) return;
    sigma.setGraph(buildCausalGraph(causal, graph));
  }, [graph, graphVersion, showCausal, causal]);

  // The same graph object is refilled when another snapshot opens: resize the settings with it.
  useEffect(() => {
    sigmaRef.current?.setSettings(sizeSettings(graph.order));
  }, [graph, graphVersion]);

  return (
    <>
      <div ref={container} className="graph-canvas" aria-hidden="true" data-testid="graph-canvas" data-view={graphView} />
      {tip && showCausal && (
        <div className="causal-tip" role="tooltip" data-testid="causal-edge-tip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
          {tip.text}
        </div>
      )}
    </>
  );
}

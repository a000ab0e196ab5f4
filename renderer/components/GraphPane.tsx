import { zoomToFit } from '../graph/active-sigma.js';
import { GraphCanvas } from '../graph/GraphCanvas.js';
import type { WorkbenchGraph } from '../graph/model.js';
import { NodeList } from '../graph/NodeList.js';
import { useWorkbench } from '../store/context.js';
import { Legend } from './Legend.js';

/** The graph canvas, or the list view with an explanation when WebGL is unavailable. */
export function GraphPane({ graph }: { graph: WorkbenchGraph }) {
  const mode = useWorkbench((s) => s.rendererMode);
  const nodeCount = useWorkbench((s) => s.nodeCount);
  const layout = useWorkbench((s) => s.layout);
  const hash = useWorkbench((s) => s.info?.snapshot?.hash ?? '');
  const hasCausal = useWorkbench((s) => s.investigation?.causalGraph !== undefined && s.investigation !== null);
  const graphView = useWorkbench((s) => s.graphView);
  const setGraphView = useWorkbench((s) => s.setGraphView);
  const isList = mode === 'list';
  // Drawn as soon as the start positions are in; ForceAtlas2 may still refine them.
  const isDrawn = mode === 'webgl' && (layout === 'refining' || layout === 'done');
  return (
    <section
      className={isList ? 'graph-pane list-mode' : 'graph-pane'}
      aria-label="Graph"
      data-node-count={nodeCount}
      data-layout={layout}
      data-renderer={mode}
      data-snapshot-hash={hash}
    >
      {isList && (
        <p className="notice" role="note">
          WebGL is not available, so the graph is shown as a list. To see the graph, enable hardware acceleration in your browser settings
          or use a browser with WebGL support.
        </p>
      )}
      {isDrawn && <GraphCanvas graph={graph} />}
      <NodeList graph={graph} isVisible={isList} />
      {mode === 'webgl' && <Legend />}
      {isDrawn && (
        <button type="button" className="zoom-fit" onClick={zoomToFit}>
          Zoom to fit
        </button>
      )}
      {isDrawn && hasCausal && (
        <button
          type="button"
          className="graph-toggle"
          aria-pressed={graphView === 'causal'}
          onClick={() => setGraphView(graphView === 'causal' ? 'operational' : 'causal')}
          title="Show the causal graph (anomalies, attached alerts, causal edges; hover an edge for its rationale) on this canvas"
        >
          Causal graph
        </button>
      )}
    </section>
  );
}

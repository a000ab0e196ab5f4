import { useMemo } from 'react';
import { useWorkbench } from '../store/context.js';
import { labelColors } from './reducers.js';
import type { Label } from '../../core/model/index.js';
import type { WorkbenchGraph } from './model.js';

interface Row {
  id: string;
  kind: string;
  alertCount: number;
  label: Label | 'unvisited';
}

export function listRows(graph: WorkbenchGraph): Row[] {
  return graph
    .mapNodes((id, a): Row => ({ id, kind: a.kind, alertCount: a.alertCount, label: a.beliefLabel ?? 'unvisited' }))
    .sort((x, y) => y.alertCount - x.alertCount || x.id.localeCompare(y.id));
}

/**
 * Every entity as a list: the whole view when WebGL is missing, and an accessible (visually
 * hidden) mirror of the canvas otherwise, so assistive tech and tests can read the graph.
 */
export function NodeList({ graph, isVisible }: { graph: WorkbenchGraph; isVisible: boolean }) {
  const graphVersion = useWorkbench((s) => s.graphVersion);
  const investigation = useWorkbench((s) => s.investigation);
  const selected = useWorkbench((s) => s.selectedNode);
  const toggleSelectedNode = useWorkbench((s) => s.toggleSelectedNode);
  // The graph is mutated in place; graphVersion and investigation are its change signals.
  const rows = useMemo(() => listRows(graph), [graph, graphVersion, investigation]);

  return (
    <ul className={isVisible ? 'node-list' : 'visually-hidden'} aria-label="Entities">
      {rows.map((row) => (
        <li key={row.id} data-node-id={row.id} data-label={row.label}>
          <button type="button" aria-pressed={selected === row.id} onClick={() => toggleSelectedNode(row.id)} tabIndex={isVisible ? 0 : -1}>
            <span className="swatch" style={{ background: labelColors[row.label] }} />
            <span className="node-id">{row.id}</span>
            <span className="node-kind">{row.kind}</span>
            {/* Always rendered, empty or not, so the grid columns stay aligned. */}
            <span className="alert-badge">{row.alertCount > 0 ? `${row.alertCount} alert${row.alertCount > 1 ? 's' : ''}` : ''}</span>
            <span className="node-label">{row.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

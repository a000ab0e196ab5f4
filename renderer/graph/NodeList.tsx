import { useEffect, useMemo, useRef, useState } from 'react';
import { useWorkbench } from '../store/context.js';
import { labelColors } from './reducers.js';
import type { WorkbenchGraph } from './model.js';
import { sortedNodeIds, visibleWindow, FULL_LIST_ROWS, ROW_HEIGHT } from './node-list-window.js';
import { showControls } from '../../core/text/index.js';

/**
 * Every entity as a list: the whole view when WebGL is missing, and an accessible (visually
 * hidden) mirror of the canvas otherwise, so assistive tech and tests can read the graph.
 * Large graphs render only the rows in view (plus a margin): 50k buttons would cost seconds.
 */
export function NodeList({ graph, isVisible }: { graph: WorkbenchGraph; isVisible: boolean }) {
  const graphVersion = useWorkbench((s) => s.graphVersion);
  // The graph is mutated in place; graphVersion and investigation are its change signals.
  useWorkbench((s) => s.investigation);
  const selected = useWorkbench((s) => s.selectedNode);
  const toggleSelectedNode = useWorkbench((s) => s.toggleSelectedNode);
  // graphVersion is the signal that the graph (mutated in place) changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const ids = useMemo(() => sortedNodeIds(graph), [graph, graphVersion]);
  const viewport = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 0 });
  const isWindowed = ids.length > FULL_LIST_ROWS;

  useEffect(() => {
    const element = viewport.current;
    if (!element || !isWindowed) return;
    const measure = (): void => setScroll({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [isWindowed, isVisible]);

  const { start, end } = isWindowed ? visibleWindow(scroll.top, scroll.height, ids.length) : { start: 0, end: ids.length };
  const shown = ids.slice(start, end);

  return (
    <div
      ref={viewport}
      className={isVisible ? 'node-list-viewport' : 'visually-hidden'}
      onScroll={isWindowed ? (e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight }) : undefined}
      data-rows={ids.length}
    >
      <div className="node-list-spacer" style={isWindowed ? { height: ids.length * ROW_HEIGHT } : undefined}>
        <ul
          className={isWindowed ? 'node-list windowed' : 'node-list'}
          aria-label="Entities"
          style={isWindowed ? { top: start * ROW_HEIGHT } : undefined}
        >
          {shown.map((id, i) => {
            // The graph is refilled before graphVersion moves on: skip ids of the previous one.
            if (!graph.hasNode(id)) return null;
            const a = graph.getNodeAttributes(id);
            const label = a.beliefLabel ?? 'unvisited';
            return (
              <li key={id} data-node-id={id} data-label={label} aria-setsize={ids.length} aria-posinset={start + i + 1}>
                <button type="button" aria-pressed={selected === id} onClick={() => toggleSelectedNode(id)} tabIndex={isVisible ? 0 : -1}>
                  <span className="swatch" style={{ background: labelColors[label] }} />
                  <span className="node-id">{showControls(id)}</span>
                  <span className="node-kind">{a.kind}</span>
                  {/* Always rendered, empty or not, so the grid columns stay aligned. */}
                  <span className="alert-badge">{a.alertCount > 0 ? `${a.alertCount} alert${a.alertCount > 1 ? 's' : ''}` : ''}</span>
                  <span className="node-label">{label}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import type { Label } from '../../core/model/index.js';
import type { EdgeAttributes, NodeAttributes, WorkbenchGraph } from './model.js';

export const labelColors: Record<Label | 'unvisited', string> = {
  Healthy: '#2f9e44',
  Origin: '#d6336c',
  Symptom: '#f08c00',
  Defer: '#7950f2',
  unvisited: '#8796a8',
};

const DIMMED = '#dde3ea';

export interface HighlightState {
  hovered: string | null;
  selected: string | null;
  /** Lower-cased search text; empty means no search. */
  search: string;
}

function matchesSearch(id: string, attrs: NodeAttributes, search: string): boolean {
  return id.toLowerCase().includes(search) || attrs.label.toLowerCase().includes(search);
}

/**
 * Visual state as a pure function of attributes and highlight state: colour by belief label,
 * an alert marker, and focus on the hovered/selected node's neighbourhood or search hits.
 */
export function reduceNode(
  graph: WorkbenchGraph,
  id: string,
  attrs: NodeAttributes,
  view: HighlightState,
): Partial<NodeDisplayData> {
  const color = labelColors[attrs.beliefLabel ?? 'unvisited'];
  const hasAlert = attrs.alertCount > 0;
  const out: Partial<NodeDisplayData> = {
    ...attrs,
    color,
    label: hasAlert ? `▲ ${attrs.label}` : attrs.label,
    size: attrs.size + (hasAlert ? 3 : 0) + (attrs.isFrontier ? 4 : 0),
    forceLabel: hasAlert || attrs.isFrontier,
    zIndex: hasAlert ? 1 : 0,
  };
  const focus = view.hovered ?? view.selected;
  if (focus && graph.hasNode(focus)) {
    const isNear = id === focus || graph.areNeighbors(id, focus);
    if (!isNear) return { ...out, color: DIMMED, label: '', forceLabel: false, zIndex: -1 };
    return { ...out, highlighted: id === focus, forceLabel: true, zIndex: 2 };
  }
  if (view.search) {
    if (!matchesSearch(id, attrs, view.search)) return { ...out, color: DIMMED, label: '', forceLabel: false };
    return { ...out, highlighted: true, forceLabel: true };
  }
  return out;
}

export function reduceEdge(
  graph: WorkbenchGraph,
  id: string,
  attrs: EdgeAttributes,
  view: HighlightState,
): Partial<EdgeDisplayData> {
  const out: Partial<EdgeDisplayData> = { ...attrs, color: attrs.isDiscovered ? '#d6336c' : '#b5c0cc', size: attrs.isDiscovered ? 2 : 1 };
  const focus = view.hovered ?? view.selected;
  if (focus && graph.hasNode(focus) && !graph.extremities(id).includes(focus)) return { ...out, hidden: true };
  return out;
}

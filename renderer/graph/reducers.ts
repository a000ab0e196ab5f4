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

/** `hex` moved towards white by `amount` (0..1): keeps the label colour recognisable but quiet. */
export function fade(hex: string, amount: number): string {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16);
    return Math.round(v + (255 - v) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

export interface HighlightState {
  hovered: string | null;
  selected: string | null;
  /** Lower-cased search text; empty means no search. */
  search: string;
  /** The node the viewed ledger position is about (the timeline's focus); ringed, not dimming. */
  current?: string | null;
}

export const DISCOVERED_EDGE = '#c2255c';
/** The sigma edge program key of discovered edges (registered in GraphCanvas). */
export const DISCOVERED_EDGE_TYPE = 'dashed';
const TOPOLOGY_EDGE = '#b5c0cc';

function matchesSearch(id: string, attrs: NodeAttributes, search: string): boolean {
  return id.toLowerCase().includes(search) || attrs.label.toLowerCase().includes(search);
}

/**
 * Visual state as a pure function of attributes and highlight state: colour by belief label,
 * an alert marker, and focus on the hovered/selected node's neighbourhood or search hits.
 */
export function reduceNode(graph: WorkbenchGraph, id: string, attrs: NodeAttributes, view: HighlightState): Partial<NodeDisplayData> {
  const color = labelColors[attrs.beliefLabel ?? 'unvisited'];
  const hasAlert = attrs.alertCount > 0;
  // What the analyst looks for first is never lost to label collision: Origins, the frontier, alerting nodes.
  const isKey = hasAlert || attrs.isFrontier || attrs.beliefLabel === 'Origin';
  const out: Partial<NodeDisplayData> = {
    ...attrs,
    color,
    label: hasAlert ? `▲ ${attrs.label}` : attrs.label,
    size: attrs.size + (hasAlert ? 3 : 0) + (attrs.isFrontier ? 4 : 0),
    forceLabel: isKey,
    zIndex: isKey ? 1 : 0,
  };
  if (view.current === id) {
    out.highlighted = true;
    out.forceLabel = true;
    out.zIndex = 3;
  }
  const focus = view.hovered ?? view.selected;
  if (focus && graph.hasNode(focus)) {
    const isNear = id === focus || graph.areNeighbors(id, focus);
    if (isNear) return { ...out, highlighted: id === focus, forceLabel: true, zIndex: 2 };
    // Hover is a quick look: dim hard. A selection stays while the analyst reads the
    // inspector, so the rest of the graph keeps its (faded) label colours, and its key labels, for context.
    if (view.hovered) return { ...out, color: DIMMED, label: '', forceLabel: false, zIndex: -1, highlighted: false };
    return { ...out, color: fade(color, 0.6), forceLabel: isKey, zIndex: -1, highlighted: false };
  }
  if (view.search) {
    if (!matchesSearch(id, attrs, view.search)) return { ...out, color: DIMMED, label: '', forceLabel: false };
    return { ...out, highlighted: true, forceLabel: true };
  }
  return out;
}

export function reduceEdge(graph: WorkbenchGraph, id: string, attrs: EdgeAttributes, view: HighlightState): Partial<EdgeDisplayData> {
  // Discovered edges: dashed (our own program, edge-dashed.ts), their own colour and a label.
  const out: Partial<EdgeDisplayData> = attrs.isDiscovered
    ? { ...attrs, type: DISCOVERED_EDGE_TYPE, color: DISCOVERED_EDGE, size: 2.5, label: 'explains (discovered)', forceLabel: true }
    : { ...attrs, color: TOPOLOGY_EDGE, size: 1 };
  const focus = view.hovered ?? view.selected;
  if (focus && graph.hasNode(focus) && !graph.extremities(id).includes(focus)) {
    return view.hovered ? { ...out, hidden: true } : { ...out, color: fade(out.color ?? TOPOLOGY_EDGE, 0.6), label: '' };
  }
  return out;
}

import type { CausalGraph } from '../../core/causal/schema.js';
import { createWorkbenchGraph, type WorkbenchGraph } from './model.js';
import { showControls } from '../../core/text/index.js';

/** Colours of the causal view: roots (no cause in the graph), other anomalies, alerts, edges. */
export const CAUSAL_COLORS = {
  root: '#c92a2a',
  anomaly: '#e8590c',
  alert: '#f59f00',
  edge: '#495057',
  violation: '#ae3ec9',
  attach: '#ced4da',
} as const;

function short(id: string): string {
  const parts = id.split('/');
  return parts.length === 3 ? `${parts[1]}/${parts[2]}` : id;
}

/**
 * The causal graph (the fold's, as the backend projected it) as a graph for the same sigma
 * canvas: anomaly nodes ⟨type, entity⟩ placed around their entity's position in the
 * operational graph, attached alerts as small nodes beside them, causal edges as arrows with
 * their rationale. Nothing is computed about the investigation here; only positions.
 */
export function buildCausalGraph(view: CausalGraph, operational: WorkbenchGraph): WorkbenchGraph {
  const graph = createWorkbenchGraph();
  const xs: number[] = [];
  const ys: number[] = [];
  operational.forEachNode((_id, a) => {
    xs.push(a.x);
    ys.push(a.y);
  });
  const span = xs.length > 1 ? Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) : 1;
  const radius = Math.max(span * 0.04, 1e-3);
  const perEntity = new Map<string, number>();
  const caused = new Set(view.edges.map((e) => e.to));
  view.nodes.forEach((n, i) => {
    const k = perEntity.get(n.entity) ?? 0;
    perEntity.set(n.entity, k + 1);
    const base = operational.hasNode(n.entity)
      ? operational.getNodeAttributes(n.entity)
      : { x: Math.cos(i) * span * 0.5, y: Math.sin(i) * span * 0.5 };
    const angle = (k * 2 * Math.PI) / 5;
    const x = base.x + Math.cos(angle) * radius * (k === 0 ? 0.5 : 1.5);
    const y = base.y + Math.sin(angle) * radius * (k === 0 ? 0.5 : 1.5);
    graph.addNode(n.id, {
      x,
      y,
      size: 10,
      label: showControls(`${n.type} · ${short(n.entity)}`),
      kind: caused.has(n.id) ? 'anomaly' : 'root',
      alertCount: n.alerts.length,
      beliefLabel: null,
      isFrontier: false,
    });
    n.alerts.forEach((alert, j) => {
      const key = `alert:${n.id}:${alert.id}`;
      const a = angle + Math.PI + (j - (n.alerts.length - 1) / 2) * 0.6;
      graph.addNode(key, {
        x: x + Math.cos(a) * radius,
        y: y + Math.sin(a) * radius,
        size: 5,
        label: showControls(alert.name),
        kind: 'alert',
        alertCount: 0,
        beliefLabel: null,
        isFrontier: false,
      });
      graph.addEdgeWithKey(`attach:${key}`, key, n.id, { relation: 'attached', isDiscovered: false, size: 1 });
    });
  });
  for (const e of view.edges) {
    if (!graph.hasNode(e.from) || !graph.hasNode(e.to)) continue;
    graph.addEdgeWithKey(`cause:${e.from}->${e.to}`, e.from, e.to, {
      relation: 'causes',
      isDiscovered: false,
      size: 3,
      rationale: e.rationale,
      violation: e.violation,
    });
  }
  return graph;
}

/** Display of a causal-view node: colour by role. */
export function causalNodeColor(kind: string): string {
  return kind === 'root' ? CAUSAL_COLORS.root : kind === 'alert' ? CAUSAL_COLORS.alert : CAUSAL_COLORS.anomaly;
}

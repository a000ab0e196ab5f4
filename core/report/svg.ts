import type { Label } from '../model/index.js';
import { escapeHtml, truncate } from './escape.js';
import { entityParts, type ReportEdge, type ReportGraph, type ReportNode } from './graph.js';
import { layoutReportGraph, layoutSizes } from './layout.js';
import type { NodePosition } from './layout.js';

const fill: Readonly<Record<Label | 'none', string>> = {
  Origin: '#fde2e1',
  Symptom: '#fff1d6',
  Healthy: '#e3f4e8',
  Defer: '#eceff3',
  none: '#ffffff',
};

/**
 * The explanatory graph as inline SVG (no scripts, no external references): frontier nodes
 * outlined in red, propagations as arrows, discovered edges dashed. Every label is escaped.
 */
export function renderGraphSvg(graph: ReportGraph): string {
  if (graph.nodes.length === 0) return '<p class="muted">No node was evaluated.</p>';
  const layout = layoutReportGraph(graph);
  const edges = graph.edges.flatMap((e) => {
    const from = layout.positions.get(e.source);
    const to = layout.positions.get(e.target);
    return from && to ? [edgeSvg(e, from, to)] : [];
  });
  const nodes = graph.nodes.flatMap((n) => {
    const at = layout.positions.get(n.id);
    return at ? [nodeSvg(n, at)] : [];
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="graph" role="img" aria-label="Explanatory graph" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#5b6472"/></marker></defs>',
    ...edges,
    ...nodes,
    '</svg>',
  ].join('\n');
}

function edgeSvg(edge: ReportEdge, from: NodePosition, to: NodePosition): string {
  const { nodeWidth, nodeHeight } = layoutSizes;
  const x1 = from.x + nodeWidth;
  const y1 = from.y + nodeHeight / 2;
  const x2 = to.x;
  const y2 = to.y + nodeHeight / 2;
  const bend = Math.max(40, Math.abs(x2 - x1) / 2);
  const dash = edge.isDiscovered ? ' stroke-dasharray="6 4"' : '';
  const colour = edge.isOnChain ? '#5b6472' : '#b8bec8';
  const title = `${edge.source} → ${edge.target}${edge.condition ? `: ${edge.condition}` : ''}${edge.effect ? ` → ${edge.effect}` : ''}${edge.isDiscovered ? ' (discovered, not in topology)' : ''}`;
  return `<path d="M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}" fill="none" stroke="${colour}" stroke-width="1.6"${dash} marker-end="url(#arrow)"><title>${escapeHtml(truncate(title, 600))}</title></path>`;
}

function nodeSvg(node: ReportNode, at: NodePosition): string {
  const { nodeWidth, nodeHeight } = layoutSizes;
  const { kind, name, namespace } = entityParts(node.id);
  const stroke = node.isFrontier ? ' stroke="#c62828" stroke-width="3"' : ' stroke="#8a93a0" stroke-width="1"';
  const title = `${node.id} — ${node.label ?? 'not labelled'}, score ${node.score}`;
  return [
    `<g><title>${escapeHtml(truncate(title, 600))}</title>`,
    `<rect x="${at.x}" y="${at.y}" width="${nodeWidth}" height="${nodeHeight}" rx="6" fill="${fill[node.label ?? 'none']}"${stroke}/>`,
    `<text x="${at.x + 8}" y="${at.y + 17}" class="node-name">${escapeHtml(truncate(name, 24))}</text>`,
    `<text x="${at.x + 8}" y="${at.y + 32}" class="node-kind">${escapeHtml(truncate([namespace, kind, node.label ?? '—'].filter(Boolean).join(' · '), 30))}</text>`,
    '</g>',
  ].join('');
}

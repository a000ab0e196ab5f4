import type { Diagnosis } from '../diagnosis/index.js';
import type { InvestigationState } from '../ledger/index.js';
import { escapeXml as x } from './escape.js';
import { buildReportGraph, type ReportNode } from './graph.js';
import { layoutReportGraph, type NodePosition } from './layout.js';
import { edgeAttributes, nodeAttributes, displayName } from './xml-attributes.js';
import type { XmlAttribute } from './xml-attributes.js';

/**
 * The explanatory graph as GEXF 1.3 (opens in Gephi): nodes with belief/score attributes,
 * directed "explains" edges with condition, effect and the discovered flag. No timestamp, so
 * the same diagnosis gives the same bytes.
 */
export function renderGexf(diagnosis: Diagnosis, state?: InvestigationState): string {
  const graph = buildReportGraph(diagnosis, state);
  const nodeIndex = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const layout = layoutReportGraph(graph);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://gexf.net/1.3" xmlns:viz="http://gexf.net/1.3/viz" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://gexf.net/1.3 http://gexf.net/1.3/gexf.xsd" version="1.3">',
    '  <meta>',
    '    <creator>EoG Workbench</creator>',
    `    <description>${x(`Explanatory graph: ${diagnosis.outcome}; frontier ${diagnosis.frontier.join(', ') || '(empty)'}`)}</description>`,
    '  </meta>',
    '  <graph defaultedgetype="directed" mode="static">',
    ...declarations('node', nodeAttributes),
    ...declarations('edge', edgeAttributes),
    '    <nodes>',
    ...graph.nodes.map(
      (n, i) =>
        `      <node id="n${i}" label="${x(displayName(n.id))}">${values(nodeAttributes, n)}${viz(n, layout.positions.get(n.id))}</node>`,
    ),
    '    </nodes>',
    '    <edges>',
    ...graph.edges.map(
      (e, i) =>
        `      <edge id="e${i}" source="n${nodeIndex.get(e.source)}" target="n${nodeIndex.get(e.target)}" label="explains">${values(edgeAttributes, e)}</edge>`,
    ),
    '    </edges>',
    '  </graph>',
    '</gexf>',
    '',
  ];
  return lines.join('\n');
}

const colours: Readonly<Record<NonNullable<ReportNode['label']> | 'none', string>> = {
  Origin: 'r="198" g="40" b="40"',
  Symptom: 'r="230" g="150" b="30"',
  Healthy: 'r="67" g="160" b="71"',
  Defer: 'r="140" g="148" b="160"',
  none: 'r="200" g="200" b="200"',
};

/** Colour by belief, the report's layered layout as positions (y down in the report, up in Gephi). */
function viz(node: ReportNode, at: NodePosition | undefined): string {
  const position = at ? `<viz:position x="${at.x}" y="${-at.y}" z="0"/>` : '';
  return `<viz:color ${colours[node.label ?? 'none']}/>${position}<viz:size value="${node.isFrontier ? 20 : 10}"/>`;
}

function declarations<T>(cls: 'node' | 'edge', attributes: ReadonlyArray<XmlAttribute<T>>): string[] {
  return [
    `    <attributes class="${cls}" mode="static">`,
    ...attributes.map((a, i) => `      <attribute id="${i}" title="${a.name}" type="${a.type}"/>`),
    '    </attributes>',
  ];
}

function values<T>(attributes: ReadonlyArray<XmlAttribute<T>>, item: T): string {
  const present = attributes.flatMap((a, i) => {
    const value = a.value(item);
    return value === null ? [] : [`<attvalue for="${i}" value="${x(String(value))}"/>`];
  });
  return `<attvalues>${present.join('')}</attvalues>`;
}

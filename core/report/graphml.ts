import type { Diagnosis } from '../diagnosis/index.js';
import type { InvestigationState } from '../ledger/index.js';
import { escapeXml as x } from './escape.js';
import { buildReportGraph } from './graph.js';
import { displayName, edgeAttributes, nodeAttributes } from './xml-attributes.js';
import type { XmlAttribute } from './xml-attributes.js';

/**
 * The explanatory graph as GraphML (opens in Gephi, yEd, networkx). Node ids are `n0, n1...`
 * because GraphML ids are NMTOKENs and entity ids contain `/`; the entity id is an attribute.
 */
export function renderGraphml(diagnosis: Diagnosis, state?: InvestigationState): string {
  const graph = buildReportGraph(diagnosis, state);
  const nodeIndex = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    '  <key id="label" for="node" attr.name="label" attr.type="string"/>',
    ...keys('node', 'd', nodeAttributes),
    ...keys('edge', 'e', edgeAttributes),
    '  <graph id="explanation" edgedefault="directed">',
    ...graph.nodes.map(
      (n, i) => `    <node id="n${i}"><data key="label">${x(displayName(n.id))}</data>${data('d', nodeAttributes, n)}</node>`,
    ),
    ...graph.edges.map(
      (e, i) =>
        `    <edge id="e${i}" source="n${nodeIndex.get(e.source)}" target="n${nodeIndex.get(e.target)}">${data('e', edgeAttributes, e)}</edge>`,
    ),
    '  </graph>',
    '</graphml>',
    '',
  ];
  return lines.join('\n');
}

function keys<T>(scope: 'node' | 'edge', prefix: string, attributes: ReadonlyArray<XmlAttribute<T>>): string[] {
  const type = (t: XmlAttribute<T>['type']) => (t === 'integer' ? 'int' : t);
  return attributes.map((a, i) => `  <key id="${prefix}${i}" for="${scope}" attr.name="${a.name}" attr.type="${type(a.type)}"/>`);
}

function data<T>(prefix: string, attributes: ReadonlyArray<XmlAttribute<T>>, item: T): string {
  return attributes
    .flatMap((a, i) => {
      const value = a.value(item);
      return value === null ? [] : [`<data key="${prefix}${i}">${x(String(value))}</data>`];
    })
    .join('');
}

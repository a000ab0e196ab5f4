import { entityParts, type ReportEdge, type ReportNode } from './graph.js';

export type XmlAttributeType = 'string' | 'double' | 'boolean' | 'integer';

export interface XmlAttribute<T> {
  name: string;
  type: XmlAttributeType;
  /** null: the attribute is absent for this item (unknown without the ledger state). */
  value: (item: T) => string | number | boolean | null;
}

/** Node attributes shared by GEXF and GraphML, so Gephi shows the same columns for both. */
export const nodeAttributes: ReadonlyArray<XmlAttribute<ReportNode>> = [
  { name: 'entity', type: 'string', value: (n) => n.id },
  { name: 'kind', type: 'string', value: (n) => entityParts(n.id).kind },
  { name: 'namespace', type: 'string', value: (n) => entityParts(n.id).namespace },
  { name: 'belief', type: 'string', value: (n) => n.label },
  { name: 'score', type: 'double', value: (n) => n.score },
  { name: 'confidence', type: 'double', value: (n) => n.confidence },
  { name: 'visits', type: 'integer', value: (n) => n.visits },
  { name: 'frontier', type: 'boolean', value: (n) => n.isFrontier },
  { name: 'on_chain', type: 'boolean', value: (n) => n.isOnChain },
];

export const edgeAttributes: ReadonlyArray<XmlAttribute<ReportEdge>> = [
  { name: 'condition', type: 'string', value: (e) => e.condition },
  { name: 'effect', type: 'string', value: (e) => e.effect },
  { name: 'discovered', type: 'boolean', value: (e) => e.isDiscovered },
  { name: 'on_chain', type: 'boolean', value: (e) => e.isOnChain },
];

/** The short display name Gephi uses as a label: the entity's name (the whole id if malformed). */
export function displayName(id: string): string {
  return entityParts(id).name;
}

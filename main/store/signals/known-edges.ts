import type { Entity, Topology } from '../../../core/model/topology.js';
import { buildAliasGroups } from '../../../core/graph/index.js';
import type { KnownEdge } from '../../../core/signals/index.js';

/**
 * Topology edges as spans see them: a `calls` edge between two services also covers their
 * pods (and deployments), so pod-to-pod calls are not mistaken for discovered dependencies.
 */
export function aliasExpandedEdges(topology: { entities: readonly Entity[]; edges: Topology['edges'] }): KnownEdge[] {
  const groups = buildAliasGroups(topology.entities);
  const out: KnownEdge[] = [];
  for (const e of topology.edges) {
    for (const source of groups.get(e.source) ?? [e.source]) {
      for (const target of groups.get(e.target) ?? [e.target]) out.push({ source, target });
    }
  }
  return out;
}

import { OperationalGraph } from '../../../core/graph/index.js';
import type { EvidenceStore } from '../../store/index.js';

const graphs = new WeakMap<EvidenceStore, OperationalGraph>();

/**
 * The store keys a node's charts read: the node and its alias group (a Service with its
 * Deployment and Pods), as its context packet does, so a service's charts show its pods' spans,
 * logs and metrics.
 */
export function memberKeys(store: EvidenceStore, entity: string): { id: string; key: number }[] {
  const graph = graphOf(store);
  const key = store.entityKey(entity);
  const ids = graph.has(entity) ? [entity, ...graph.aliases(entity).filter((m) => m !== entity)] : [entity];
  return ids.filter((id) => store.hasEntity(id)).map((id) => ({ id, key: id === entity ? key : store.entityKey(id) }));
}

function graphOf(store: EvidenceStore): OperationalGraph {
  let graph = graphs.get(store);
  if (!graph) {
    graph = OperationalGraph.fromTopology(store.topology());
    graphs.set(store, graph);
  }
  return graph;
}

/**
 * The store keys of what a node's members call or depend on (each with its alias group), the
 * members themselves left out: where the calls it makes for a request can be (fan_out charts).
 */
export function calleeKeys(store: EvidenceStore, members: readonly { id: string }[]): number[] {
  const graph = graphOf(store);
  const own = new Set(members.map((m) => m.id));
  const keys = new Set<number>();
  for (const m of members) {
    if (!graph.has(m.id)) continue;
    for (const n of graph.neighbours(m.id)) {
      if (n.direction !== 'out' || (n.relation !== 'calls' && n.relation !== 'depends_on') || own.has(n.id)) continue;
      for (const c of memberKeys(store, n.id)) if (!own.has(c.id)) keys.add(c.key);
    }
  }
  return [...keys].sort((a, b) => a - b);
}

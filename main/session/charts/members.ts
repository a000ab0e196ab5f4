import { OperationalGraph } from '../../../core/graph/index.js';
import type { EvidenceStore } from '../../store/index.js';

const graphs = new WeakMap<EvidenceStore, OperationalGraph>();

/**
 * The store keys a node's charts read: the node and its alias group (a Service with its
 * Deployment and Pods), as its context packet does, so a service's charts show its pods' spans,
 * logs and metrics.
 */
export function memberKeys(store: EvidenceStore, entity: string): { id: string; key: number }[] {
  let graph = graphs.get(store);
  if (!graph) {
    graph = OperationalGraph.fromTopology(store.topology());
    graphs.set(store, graph);
  }
  const key = store.entityKey(entity);
  const ids = graph.has(entity) ? [entity, ...graph.aliases(entity).filter((m) => m !== entity)] : [entity];
  return ids.filter((id) => store.hasEntity(id)).map((id) => ({ id, key: id === entity ? key : store.entityKey(id) }));
}

import { makeEntityId, type EntityId } from '../../../core/model/ids.js';
import type { TopologyBuilder } from '../topology-builder.js';

/**
 * What a piece of telemetry says about where it comes from, whichever format said it (OTLP
 * resource attributes, Prometheus labels). The mapping to an entity is the same for all.
 */
export interface EntityHints {
  namespace?: string;
  pod?: string;
  replicaSet?: string;
  deployment?: string;
  service?: string;
  node?: string;
}

/** Entity names may not hold `/` (it separates the id's parts); other characters are kept. */
export function safeName(name: string): string {
  return name.replace(/\//g, '_');
}

/**
 * The entity telemetry belongs to, most specific first: the pod, else the deployment, else the
 * service, else the node; null when the hints name none of them.
 */
export function entityOf(h: EntityHints): EntityId | null {
  const ns = h.namespace ? safeName(h.namespace) : null;
  if (h.pod) return makeEntityId('Pod', safeName(h.pod), ns);
  if (h.deployment) return makeEntityId('Deployment', safeName(h.deployment), ns);
  if (h.service) return makeEntityId('Service', safeName(h.service), ns);
  if (h.node) return makeEntityId('Node', safeName(h.node), null);
  return null;
}

/**
 * The structure the hints state besides the entity itself: a pod's service contains it, its
 * replica set (or, without one, its deployment) contains it, it runs on its node.
 */
export function addHintedTopology(builder: TopologyBuilder, h: EntityHints): void {
  const entity = entityOf(h);
  if (entity === null) return;
  const ns = h.namespace ? safeName(h.namespace) : null;
  builder.ensure(entity);
  if (!h.pod) return;
  if (h.service) builder.addEdge(makeEntityId('Service', safeName(h.service), ns), entity, 'contains');
  if (h.replicaSet) {
    const rs = makeEntityId('ReplicaSet', safeName(h.replicaSet), ns);
    builder.addEdge(rs, entity, 'contains');
    if (h.deployment) builder.addEdge(makeEntityId('Deployment', safeName(h.deployment), ns), rs, 'contains');
  } else if (h.deployment) builder.addEdge(makeEntityId('Deployment', safeName(h.deployment), ns), entity, 'contains');
  if (h.node) builder.addEdge(entity, makeEntityId('Node', safeName(h.node), null), 'runs_on');
}

import type { EntityId } from '../model/index.js';
import type { OperationalGraph } from './operational-graph.js';

/** Kinds that hold configuration a workload reads (mounted as a volume or referenced from env). */
const CONFIG_KINDS = new Set(['ConfigMap', 'Secret']);

/** The config objects (ConfigMaps, Secrets) that configure any member of `members` or that a member reads. */
function configsOf(graph: OperationalGraph, members: ReadonlySet<EntityId>): EntityId[] {
  const out: EntityId[] = [];
  for (const member of members) {
    if (!graph.has(member)) continue;
    for (const n of graph.neighbours(member)) {
      if (members.has(n.id) || !CONFIG_KINDS.has(graph.entity(n.id).kind)) continue;
      if ((n.relation === 'configures' && n.direction === 'in') || (n.relation === 'depends_on' && n.direction === 'out')) out.push(n.id);
    }
  }
  return out;
}

const groupOf = (graph: OperationalGraph, id: EntityId): Set<EntityId> => new Set([id, ...graph.aliases(id)]);

/**
 * The entities whose changes can act on `node` (changes as causes, docs/changes.md): besides its
 * alias group itself (Service, Deployment, ReplicaSets, Pods — a deploy, an image, a scale), what
 * configures any member (a ConfigMap or Secret mounted through the Deployment's pod template or
 * the Pod, or a flag file a service reads), config objects a member depends on, and the Nodes its
 * pods run on. Multi-hop by construction: Service → its Deployment and Pods (the alias group) →
 * their ConfigMaps, Secrets and Nodes. Sorted, without the group's own members. (The config
 * objects of the services it calls are `servedConfigs`.)
 */
export function changeSources(graph: OperationalGraph, node: EntityId): EntityId[] {
  if (!graph.has(node)) return [];
  const members = groupOf(graph, node);
  const out = new Set<EntityId>();
  for (const member of members) {
    for (const n of graph.neighbours(member)) {
      if (members.has(n.id)) continue;
      const isConfiguredBy = n.relation === 'configures' && n.direction === 'in';
      const readsConfig = n.relation === 'depends_on' && n.direction === 'out' && CONFIG_KINDS.has(graph.entity(n.id).kind);
      const runsOn = n.relation === 'runs_on' && n.direction === 'out';
      if (isConfiguredBy || readsConfig || runsOn) out.add(n.id);
    }
  }
  return [...out].sort();
}

/**
 * The config objects (ConfigMaps, Secrets) of the services `node` calls, each with the service
 * (alias group) it configures. A configuration a service serves — a flag daemon's flag file, a
 * config server's settings — reaches its callers through its answers while the serving service
 * itself stays healthy; whether it did is the evidence's to say (the packet builder keeps only
 * those whose server shows no fault of its own). Sorted by config, then server.
 */
export function servedConfigs(graph: OperationalGraph, node: EntityId): Array<{ config: EntityId; server: EntityId[] }> {
  if (!graph.has(node)) return [];
  const members = groupOf(graph, node);
  const out = new Map<string, { config: EntityId; server: EntityId[] }>();
  for (const member of members) {
    for (const n of graph.neighbours(member)) {
      if (n.relation !== 'calls' || n.direction !== 'out' || members.has(n.id)) continue;
      const server = [...groupOf(graph, n.id)].sort();
      for (const config of configsOf(graph, new Set(server))) out.set(`${config}\0${server[0]}`, { config, server });
    }
  }
  return [...out.values()].sort((a, b) =>
    a.config < b.config ? -1 : a.config > b.config ? 1 : (a.server[0] ?? '') < (b.server[0] ?? '') ? -1 : 1,
  );
}

/**
 * The inverse: the entities a change on `entity` can act on — what it configures, what reads
 * it, what runs on it — each widened to its alias group (a ConfigMap mounted into a Deployment
 * acts on that Deployment's Service and Pods). The entity's own group comes first.
 */
export function changeTargets(graph: OperationalGraph, entity: EntityId): EntityId[] {
  if (!graph.has(entity)) return [];
  const own = [entity, ...graph.aliases(entity).filter((m) => m !== entity)];
  const reached = new Set<EntityId>();
  for (const n of graph.neighbours(entity)) {
    const configures = n.relation === 'configures' && n.direction === 'out';
    const isRead = n.relation === 'depends_on' && n.direction === 'in' && CONFIG_KINDS.has(graph.entity(entity).kind);
    const hosts = n.relation === 'runs_on' && n.direction === 'in';
    if (!(configures || isRead || hosts)) continue;
    reached.add(n.id);
    for (const alias of graph.aliases(n.id)) reached.add(alias);
  }
  // A config object's value also reaches the callers of what it configures (a served flag file).
  if (CONFIG_KINDS.has(graph.entity(entity).kind))
    for (const r of [...reached])
      for (const n of graph.neighbours(r))
        if (n.relation === 'calls' && n.direction === 'in') for (const alias of groupOf(graph, n.id)) reached.add(alias);
  for (const m of own) reached.delete(m);
  return [...own, ...[...reached].sort()];
}

import type { OperationalGraph } from '../graph/index.js';
import type { EntityId } from '../model/ids.js';

/** What scoping needs of the topology (docs/scopes.md §2). */
export interface ScopeTopology {
  /** The entity that speaks for an alias group: its Service, else the entity itself. */
  representative(entity: EntityId): EntityId;
  /** Kind and call depth: entities of one tier play the same part in the system. */
  tier(entity: EntityId): string;
  /** True when the topology links the two representatives or any of their members. */
  adjacent(a: EntityId, b: EntityId): boolean;
  /** The entity a label value names, or null. */
  resolve(value: string): EntityId | null;
  nameOf(entity: EntityId): string;
}

/** The scope topology of an operational graph; unknown entities stand for themselves. */
export function scopeTopology(graph: OperationalGraph): ScopeTopology {
  const depth = callDepths(graph);
  const byName = new Map<string, EntityId>();
  for (const id of graph.ids()) {
    const e = graph.entity(id);
    if (!byName.has(e.name) || e.kind === 'Service') byName.set(e.name, id);
    byName.set(id, id);
  }
  const representative = (entity: EntityId): EntityId => {
    if (!graph.has(entity)) return entity;
    return graph.aliasService(entity) ?? entity;
  };
  return {
    representative,
    tier: (entity) => {
      if (!graph.has(entity)) return 'unknown';
      const kind = graph.entity(entity).kind;
      const d = depth.get(entity);
      return d === undefined ? kind : `${kind}@${d}`;
    },
    adjacent: (a, b) => {
      if (!graph.has(a) || !graph.has(b)) return false;
      const left = graph.aliases(a);
      const right = graph.aliases(b);
      return left.some((x) => right.some((y) => graph.isAdjacent(x, y)));
    },
    resolve: (value) => byName.get(value) ?? null,
    nameOf: (entity) => (graph.has(entity) ? graph.entity(entity).name : entity),
  };
}

/** Call depth of every service reached from an entry (a service nothing calls); breadth first, deterministic. */
function callDepths(graph: OperationalGraph): Map<EntityId, number> {
  const calls = (id: EntityId, direction: 'in' | 'out'): EntityId[] =>
    graph
      .neighbours(id)
      .filter((n) => n.relation === 'calls' && n.direction === direction)
      .map((n) => n.id);
  const callable = graph.ids().filter((id) => graph.neighbours(id).some((n) => n.relation === 'calls'));
  const entries = callable.filter((id) => calls(id, 'in').length === 0);
  const depth = new Map<EntityId, number>(entries.map((id) => [id, 0]));
  const queue = [...entries];
  while (queue.length > 0) {
    const at = queue.shift() as EntityId;
    for (const next of calls(at, 'out'))
      if (!depth.has(next)) {
        depth.set(next, (depth.get(at) ?? 0) + 1);
        queue.push(next);
      }
  }
  return depth;
}

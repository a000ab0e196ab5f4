import type { Entity, EntityId } from '../model/index.js';
import { appNameOf } from './names.js';

/**
 * Alias groups: the Service, Deployment, ReplicaSets and Pods of one app in one namespace
 * name the same thing for an analyst (and for ITBench scoring). Returns, for every entity
 * that shares its app with at least one other entity, the sorted ids of the whole group.
 */
export function buildAliasGroups(entities: Iterable<Entity>): Map<EntityId, readonly EntityId[]> {
  const byApp = new Map<string, EntityId[]>();
  for (const entity of entities) {
    const app = appNameOf(entity.kind, entity.name);
    if (app === null) continue;
    const key = `${entity.namespace ?? ''}\u0000${app}`;
    const members = byApp.get(key);
    if (members) members.push(entity.id);
    else byApp.set(key, [entity.id]);
  }
  const groups = new Map<EntityId, readonly EntityId[]>();
  for (const members of byApp.values()) {
    if (members.length < 2) continue;
    const sorted = Object.freeze([...members].sort());
    for (const id of sorted) groups.set(id, sorted);
  }
  return groups;
}

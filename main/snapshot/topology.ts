import { isEntityId, makeEntityId, parseEntityId } from '../../core/model/ids.js';
import type { Entity, Topology } from '../../core/model/topology.js';
import { BundleFormatError } from './errors.js';

const ID_EXPECTATION = 'is not "namespace/Kind/name" or "Kind/name"';

/** topology.json's entity ids: each well-formed and declared once. */
export function checkTopologyIds(topology: Topology, rel: string): void {
  const seen = new Set<string>();
  topology.entities.forEach((e, i) => {
    if (!isEntityId(e.id)) throw new BundleFormatError(rel, null, `entities.${i}.id`, `"${e.id}" ${ID_EXPECTATION}`);
    if (seen.has(e.id)) throw new BundleFormatError(rel, null, `entities.${i}.id`, `duplicate entity id "${e.id}"`);
    seen.add(e.id);
  });
}

/**
 * An entity a record (or an edge) names but topology.json does not declare: created with the
 * kind from its id (design.md §5). An id that is not one is a format error at that place.
 */
export function undeclaredEntity(id: string, rel: string, line: number | null, field: string): Entity {
  if (!isEntityId(id)) throw new BundleFormatError(rel, line, field, `"${id}" ${ID_EXPECTATION}`);
  const { namespace, kind, name } = parseEntityId(id);
  return { id: makeEntityId(kind, name, namespace), kind, name, namespace, labels: {}, attrs: {} };
}

/** The warning both readers give for an undeclared entity. */
export function undeclaredEntityMessage(id: string, kind: string): string {
  return `entity "${id}" is not in topology.json; created it with kind "${kind}"`;
}

import type { Db } from '../db/open.js';
import { isEntityId, parseEntityId } from '../../core/model/ids.js';
import type { Topology } from '../../core/model/topology.js';
import { BundleFormatError, type ImportWarning } from '../snapshot/errors.js';

/**
 * Maps entity ids to the integer keys raw rows store. Entities named by records but missing
 * from topology.json are created with the kind from their id and reported once each
 * (design.md §5).
 */
export class EntityRegistry {
  private readonly ids = new Map<string, number>();
  private readonly insert;
  readonly warnings: ImportWarning[] = [];

  constructor(db: Db) {
    this.insert = db.prepare(
      'INSERT INTO entities (id, eid, kind, name, namespace, labels, attrs, is_declared, file_id, line) VALUES (?,?,?,?,?,?,?,?,?,?)',
    );
  }

  get size(): number {
    return this.ids.size;
  }

  /** Declared entities get keys 1..n in topology order, so keys are stable across imports. */
  addTopology(topology: Topology, fileId: number, rel: string): void {
    topology.entities.forEach((e, i) => {
      if (!isEntityId(e.id)) throw new BundleFormatError(rel, null, `entities.${i}.id`, `"${e.id}" is not "namespace/Kind/name" or "Kind/name"`);
      if (this.ids.has(e.id)) throw new BundleFormatError(rel, null, `entities.${i}.id`, `duplicate entity id "${e.id}"`);
      const key = this.ids.size + 1;
      this.insert.run(key, e.id, e.kind, e.name, e.namespace, JSON.stringify(e.labels), JSON.stringify(e.attrs), 1, fileId, i + 1);
      this.ids.set(e.id, key);
    });
  }

  /** Key of a known entity; throws for an unknown one (signals only name imported entities). */
  keyOf(id: string): number {
    const key = this.ids.get(id);
    if (key === undefined) throw new Error(`internal: entity "${id}" was not registered before its signals`);
    return key;
  }

  /** Key of `id`, creating an undeclared entity (with a warning) the first time it is seen. */
  resolve(id: string, fileId: number, rel: string, line: number | null, field = 'entity'): number {
    const key = this.ids.get(id);
    if (key !== undefined) return key;
    if (!isEntityId(id)) throw new BundleFormatError(rel, line, field, `"${id}" is not "namespace/Kind/name" or "Kind/name"`);
    const parsed = parseEntityId(id);
    const created = this.ids.size + 1;
    this.insert.run(created, id, parsed.kind, parsed.name, parsed.namespace, '{}', '{}', 0, fileId, line);
    this.ids.set(id, created);
    this.warnings.push({
      file: rel,
      line,
      message: `entity "${id}" is not in topology.json; created it with kind "${parsed.kind}"`,
    });
    return created;
  }
}

import type { Db } from '../db/open.js';
import type { Topology } from '../../core/model/topology.js';
import type { ImportWarning } from '../snapshot/errors.js';
import { checkTopologyIds, undeclaredEntity, undeclaredEntityMessage } from '../snapshot/topology.js';

/** Where an undeclared entity was first named: files in bundle order (by id), then lines. */
interface Sighting {
  key: number;
  id: string;
  kind: string;
  fileId: number;
  rel: string;
  line: number | null;
  isMoved: boolean;
}

const isEarlier = (fileId: number, line: number | null, than: Sighting): boolean =>
  fileId < than.fileId || (fileId === than.fileId && (line ?? -1) < (than.line ?? -1));

/**
 * Maps entity ids to the integer keys raw rows store. Entities named by records but missing
 * from topology.json are created with the kind from their id and reported once each
 * (design.md §5), at the place they are first named in the bundle: files may be read in
 * parallel, so that place is only known once every file has been read (`finish`).
 */
export class EntityRegistry {
  private readonly ids = new Map<string, number>();
  private readonly insert;
  private readonly sightings = new Map<number, Sighting>();

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      'INSERT INTO entities (id, eid, kind, name, namespace, labels, attrs, is_declared, file_id, line) VALUES (?,?,?,?,?,?,?,?,?,?)',
    );
  }

  get size(): number {
    return this.ids.size;
  }

  /** Declared entities get keys 1..n in topology order, so keys are stable across imports. */
  addTopology(topology: Topology, fileId: number, rel: string): void {
    checkTopologyIds(topology, rel);
    topology.entities.forEach((e, i) => {
      const key = this.ids.size + 1;
      this.insert.run(key, e.id, e.kind, e.name, e.namespace, JSON.stringify(e.labels), JSON.stringify(e.attrs), 1, fileId, i + 1);
      this.ids.set(e.id, key);
    });
  }

  /** Keys of the entities topology.json declares (undeclared ones are resolved here, where their sightings are kept). */
  declaredKeys(): Record<string, number> {
    const keys: Record<string, number> = {};
    for (const [id, key] of this.ids) if (!this.sightings.has(key)) keys[id] = key;
    return keys;
  }

  /** Key of a known entity; throws for an unknown one (signals only name imported entities). */
  keyOf(id: string): number {
    const key = this.ids.get(id);
    if (key === undefined) throw new Error(`internal: entity "${id}" was not registered before its signals`);
    return key;
  }

  /** Key of `id`, creating an undeclared entity the first time it is seen. */
  resolve(id: string, fileId: number, rel: string, line: number | null, field = 'entity'): number {
    const key = this.ids.get(id);
    if (key !== undefined) {
      const seen = this.sightings.get(key);
      if (seen && isEarlier(fileId, line, seen)) {
        seen.fileId = fileId;
        seen.rel = rel;
        seen.line = line;
        seen.isMoved = true;
      }
      return key;
    }
    const parsed = undeclaredEntity(id, rel, line, field);
    const created = this.ids.size + 1;
    this.insert.run(created, id, parsed.kind, parsed.name, parsed.namespace, '{}', '{}', 0, fileId, line);
    this.ids.set(id, created);
    this.sightings.set(created, { key: created, id, kind: parsed.kind, fileId, rel, line, isMoved: false });
    return created;
  }

  /** Records where each undeclared entity was first named; returns their warnings in bundle order. */
  finish(): ImportWarning[] {
    const move = this.db.prepare('UPDATE entities SET file_id = ?, line = ? WHERE id = ?');
    const sightings = [...this.sightings.values()];
    for (const s of sightings) if (s.isMoved) move.run(s.fileId, s.line, s.key);
    return sightings
      .sort((a, b) => a.fileId - b.fileId || (a.line ?? -1) - (b.line ?? -1) || a.key - b.key)
      .map((s) => ({ file: s.rel, line: s.line, message: undeclaredEntityMessage(s.id, s.kind) }));
  }
}

import { makeEntityId, parseEntityId, type EntityId } from '../../core/model/ids.js';
import type { Entity, Relation, Topology } from '../../core/model/topology.js';

/**
 * Collects entities and edges without duplicates and emits them in a stable order, so the
 * same input always produces a byte-identical topology.json.
 */
export class TopologyBuilder {
  private readonly entities = new Map<EntityId, Entity>();
  private readonly edges = new Map<string, { source: EntityId; target: EntityId; relation: Relation }>();

  /** Adds (or merges attributes into) an entity and returns its id. */
  addEntity(
    kind: string,
    name: string,
    namespace: string | null,
    attrs: Record<string, unknown> = {},
    labels: Record<string, string> = {},
  ): EntityId {
    const id = makeEntityId(kind, name, namespace);
    const existing = this.entities.get(id);
    if (existing) {
      Object.assign(existing.attrs, attrs);
      Object.assign(existing.labels, labels);
    } else {
      this.entities.set(id, { id, kind, name, namespace, labels: { ...labels }, attrs: { ...attrs } });
    }
    return id;
  }

  /** Ensures an entity exists for an id a record refers to. */
  ensure(id: EntityId): EntityId {
    if (!this.entities.has(id)) {
      const parsed = parseEntityId(id);
      this.addEntity(parsed.kind, parsed.name, parsed.namespace);
    }
    return id;
  }

  has(id: EntityId): boolean {
    return this.entities.has(id);
  }

  /** Moves an entity (and its edges) to another id, merging into an entity already there. */
  rename(from: EntityId, to: EntityId): void {
    const entity = this.entities.get(from);
    if (entity === undefined || from === to) return;
    this.entities.delete(from);
    const parsed = parseEntityId(to);
    this.addEntity(parsed.kind, parsed.name, parsed.namespace, entity.attrs, entity.labels);
    for (const [key, edge] of [...this.edges.entries()]) {
      if (edge.source !== from && edge.target !== from) continue;
      this.edges.delete(key);
      this.addEdge(edge.source === from ? to : edge.source, edge.target === from ? to : edge.target, edge.relation);
    }
  }

  addEdge(source: EntityId, target: EntityId, relation: Relation): void {
    if (source === target) return;
    this.ensure(source);
    this.ensure(target);
    this.edges.set(`${source}\u0000${target}\u0000${relation}`, { source, target, relation });
  }

  build(): Topology {
    const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const entities = [...this.entities.values()].sort(byId);
    const edges = [...this.edges.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, edge]) => edge);
    return { entities, edges };
  }
}

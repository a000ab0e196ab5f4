import { MultiDirectedGraph } from 'graphology';
import { parseEntityId } from '../model/index.js';
import type { Entity, EntityId, Relation, Topology, TopologyEdge } from '../model/index.js';
import { buildAliasGroups } from './aliases.js';

export interface TopologyNeighbour {
  id: EntityId;
  relation: Relation;
  /** `out`: this node → neighbour; `in`: neighbour → this node. */
  direction: 'out' | 'in';
}

interface EdgeAttributes {
  relation: Relation;
}

export class UnknownEntityError extends Error {
  override name = 'UnknownEntityError';
  constructor(id: EntityId) {
    super(`Entity "${id}" is not in the operational graph; check the snapshot topology or the id spelling.`);
  }
}

function compareNeighbours(a: TopologyNeighbour, b: TopologyNeighbour): number {
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  if (a.relation !== b.relation) return a.relation < b.relation ? -1 : 1;
  if (a.direction !== b.direction) return a.direction < b.direction ? -1 : 1;
  return 0;
}

/**
 * The operational graph G = (V, E) on graphology: entities keyed by `namespace/Kind/name`,
 * topology edges keyed by `source->target:relation` (so repeats collapse). Neighbour lists
 * are sorted so everything built on them is deterministic, and cached because the
 * controller asks for them on every step.
 */
export class OperationalGraph {
  private readonly graph = new MultiDirectedGraph<Entity, EdgeAttributes>();
  private readonly neighbourCache = new Map<EntityId, readonly TopologyNeighbour[]>();
  private aliasCache: Map<EntityId, readonly EntityId[]> | null = null;
  /** Entities created because an edge named them; the importer turns these into warnings. */
  readonly implicitEntities: EntityId[] = [];

  static fromTopology(topology: Topology): OperationalGraph {
    const graph = new OperationalGraph();
    for (const entity of topology.entities) graph.addEntity(entity);
    for (const edge of topology.edges) graph.addEdge(edge);
    return graph;
  }

  get order(): number {
    return this.graph.order;
  }

  get size(): number {
    return this.graph.size;
  }

  addEntity(entity: Entity): void {
    this.graph.mergeNode(entity.id, entity);
    this.invalidate();
  }

  /** Returns the entity, creating it with the kind taken from its id when missing (design.md §5). */
  ensureEntity(id: EntityId): Entity {
    const existing = this.graph.hasNode(id) ? this.graph.getNodeAttributes(id) : null;
    if (existing) return existing;
    const parsed = parseEntityId(id);
    const entity: Entity = { id, kind: parsed.kind, name: parsed.name, namespace: parsed.namespace, labels: {}, attrs: {} };
    this.addEntity(entity);
    this.implicitEntities.push(id);
    return entity;
  }

  addEdge(edge: TopologyEdge): void {
    this.ensureEntity(edge.source);
    this.ensureEntity(edge.target);
    const key = `${edge.source}->${edge.target}:${edge.relation}`;
    this.graph.mergeDirectedEdgeWithKey(key, edge.source, edge.target, { relation: edge.relation });
    this.neighbourCache.delete(edge.source);
    this.neighbourCache.delete(edge.target);
  }

  has(id: EntityId): boolean {
    return this.graph.hasNode(id);
  }

  entity(id: EntityId): Entity {
    if (!this.graph.hasNode(id)) throw new UnknownEntityError(id);
    return this.graph.getNodeAttributes(id);
  }

  /** Entity ids in sorted order. */
  ids(): EntityId[] {
    return this.graph.nodes().sort();
  }

  neighbours(id: EntityId): readonly TopologyNeighbour[] {
    const cached = this.neighbourCache.get(id);
    if (cached) return cached;
    if (!this.graph.hasNode(id)) throw new UnknownEntityError(id);
    const result: TopologyNeighbour[] = [];
    this.graph.forEachOutEdge(id, (_edge, attrs, _source, target) => {
      result.push({ id: target, relation: attrs.relation, direction: 'out' });
    });
    this.graph.forEachInEdge(id, (_edge, attrs, source) => {
      result.push({ id: source, relation: attrs.relation, direction: 'in' });
    });
    result.sort(compareNeighbours);
    const frozen = Object.freeze(result);
    this.neighbourCache.set(id, frozen);
    return frozen;
  }

  /** True when the topology links a and b in either direction, by any relation. */
  isAdjacent(a: EntityId, b: EntityId): boolean {
    if (!this.graph.hasNode(a) || !this.graph.hasNode(b)) return false;
    return this.graph.areNeighbors(a, b);
  }

  /** The alias group of an entity (itself included), or just the entity when it has none. */
  aliases(id: EntityId): readonly EntityId[] {
    this.aliasCache ??= buildAliasGroups(this.graph.mapNodes((_node, attrs) => attrs));
    return this.aliasCache.get(id) ?? [id];
  }

  /** The Service of an entity's alias group (the level an investigation walks), or null when the group has none. */
  aliasService(id: EntityId): EntityId | null {
    return this.aliases(id).find((m) => this.has(m) && this.entity(m).kind === 'Service') ?? null;
  }

  private invalidate(): void {
    this.aliasCache = null;
  }
}

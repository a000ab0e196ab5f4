import type { Belief, EntityId, Message, PacketNeighbour } from '../model/index.js';
import type { OperationalGraph } from '../graph/index.js';
import { edgeKey } from '../ledger/index.js';
import type { InvestigationState } from '../ledger/index.js';
import type { BeliefView } from './types.js';

/** A read-only window on the live state for packet builders. */
export function createBeliefView(graph: OperationalGraph, state: InvestigationState): BeliefView {
  const belief = (node: EntityId): Belief | null => state.nodes.get(node)?.belief ?? null;
  return {
    belief,
    visits: (node) => state.nodes.get(node)?.visits ?? 0,
    inbox(node): readonly Message[] {
      const box = state.inbox.get(node);
      if (!box) return [];
      return [...box.values()].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    },
    neighbours(node): readonly PacketNeighbour[] {
      const result: PacketNeighbour[] = graph.neighbours(node).map((n) => ({
        id: n.id,
        kind: graph.entity(n.id).kind,
        relation: n.relation,
        direction: n.direction,
        isDiscovered: false,
        belief: belief(n.id),
      }));
      const claimed = [...(state.edgeNeighbours.get(node) ?? [])].sort();
      for (const other of claimed) {
        for (const [from, to, direction] of [
          [node, other, 'out'],
          [other, node, 'in'],
        ] as const) {
          const edge = state.edges.get(edgeKey(from, to));
          if (!edge) continue;
          const kind = graph.entity(other).kind;
          result.push({ id: other, kind, relation: 'explains', direction, isDiscovered: edge.isDiscovered, belief: belief(other) });
        }
      }
      return result;
    },
  };
}

/** Everyone a belief change is broadcast to: topology ∪ E_S neighbours, sorted, once each. */
export function neighbourIds(graph: OperationalGraph, state: InvestigationState, node: EntityId): EntityId[] {
  const ids = new Set<EntityId>(graph.neighbours(node).map((n) => n.id));
  for (const other of state.edgeNeighbours.get(node) ?? []) ids.add(other);
  ids.delete(node);
  return [...ids].sort();
}

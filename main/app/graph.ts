import type { GraphView, InvestigationState, NodeInspection } from '../../core/ipc/index.js';
import { UnknownEntityError } from './errors.js';
import type { LoadedSnapshot } from './bundle.js';

/**
 * The operational graph as the UI draws it: topology, alert counts and — once an
 * investigation has run — belief labels, the frontier and the edges it discovered.
 */
export function buildGraphView(snapshot: LoadedSnapshot, investigation: InvestigationState | null): GraphView {
  const alertCounts = new Map<string, number>();
  for (const alert of snapshot.alerts) alertCounts.set(alert.entity, (alertCounts.get(alert.entity) ?? 0) + 1);
  const labels = new Map(investigation?.nodes.map((n) => [n.node, n.belief?.label ?? null]) ?? []);
  const frontier = new Set(investigation?.frontier ?? []);
  const known = new Set(snapshot.topology.entities.map((e) => e.id));
  return {
    nodes: snapshot.topology.entities.map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.name,
      namespace: e.namespace,
      alertCount: alertCounts.get(e.id) ?? 0,
      label: labels.get(e.id) ?? null,
      isFrontier: frontier.has(e.id),
    })),
    edges: [
      ...snapshot.topology.edges.map((e, i) => ({
        // The index keeps ids unique when two relations join the same pair.
        id: `t${i}:${e.source}->${e.target}`,
        source: e.source,
        target: e.target,
        relation: e.relation,
        isDiscovered: false,
      })),
      ...(investigation?.edges ?? [])
        .filter((e) => e.isDiscovered && known.has(e.from) && known.has(e.to))
        .map((e) => ({ id: `es:${e.from}->${e.to}`, source: e.from, target: e.to, relation: 'explains' as const, isDiscovered: true })),
    ],
  };
}

export function inspectNode(snapshot: LoadedSnapshot, id: string, investigation: InvestigationState | null): NodeInspection {
  const entity = snapshot.topology.entities.find((e) => e.id === id);
  if (!entity) throw new UnknownEntityError(id);
  const neighbours: NodeInspection['neighbours'] = [];
  for (const edge of snapshot.topology.edges) {
    if (edge.source === id) neighbours.push({ id: edge.target, relation: edge.relation, direction: 'out' });
    if (edge.target === id) neighbours.push({ id: edge.source, relation: edge.relation, direction: 'in' });
  }
  return {
    entity,
    alerts: snapshot.alerts.filter((a) => a.entity === id),
    belief: investigation?.nodes.find((n) => n.node === id)?.belief ?? null,
    isPinned: investigation?.nodes.find((n) => n.node === id)?.isPinned ?? false,
    history: [],
    // The session adds the packet the policy saw (see investigation/inspect.ts).
    packet: null,
    packetSeq: null,
    rawLines: [],
    code: null,
    neighbours,
  };
}

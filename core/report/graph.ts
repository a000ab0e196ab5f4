import type { Diagnosis } from '../diagnosis/index.js';
import type { InvestigationState } from '../ledger/index.js';
import { isEntityId, parseEntityId, type Label } from '../model/index.js';

export interface ReportNode {
  id: string;
  /** Belief label when the investigation state is known; frontier nodes are Origins either way. */
  label: Label | null;
  score: number;
  confidence: number | null;
  visits: number | null;
  isFrontier: boolean;
  /** On the explanation: a frontier node or an endpoint of a propagation. */
  isOnChain: boolean;
}

export interface ReportEdge {
  source: string;
  target: string;
  condition: string;
  effect: string;
  /** Not in the topology, discovered from evidence; null when only the diagnosis is known. */
  isDiscovered: boolean | null;
  /** Part of the diagnosis' propagation chain (otherwise a claimed edge off the chain). */
  isOnChain: boolean;
}

/** The explanatory subgraph G_S as the exports draw it: deterministic order, nodes then edges. */
export interface ReportGraph {
  nodes: ReportNode[];
  edges: ReportEdge[];
}

/**
 * Nodes are the frontier, the propagation chain and every visited node; edges are the
 * propagations, plus (with the state) the other claimed edges between those nodes.
 */
export function buildReportGraph(diagnosis: Diagnosis, state?: InvestigationState): ReportGraph {
  const frontier = new Set(diagnosis.frontier);
  const chain = new Set<string>(diagnosis.frontier);
  for (const p of diagnosis.propagations) chain.add(p.source).add(p.target);
  const scores = new Map(diagnosis.ranking.map((r) => [r.entity, r.score]));
  const ids: string[] = [];
  const add = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
  };
  diagnosis.frontier.forEach(add);
  diagnosis.propagations.forEach((p) => {
    add(p.source);
    add(p.target);
  });
  diagnosis.ranking.forEach((r) => add(r.entity));
  if (state) for (const [id, entry] of [...state.nodes].sort(([a], [b]) => compare(a, b))) if (entry.visits > 0) add(id);
  const nodes = ids.map((id): ReportNode => {
    const entry = state?.nodes.get(id);
    return {
      id,
      label: entry?.belief?.label ?? (frontier.has(id) ? 'Origin' : null),
      score: scores.get(id) ?? 0,
      confidence: entry?.belief?.confidence ?? null,
      visits: entry ? entry.visits : null,
      isFrontier: frontier.has(id),
      isOnChain: chain.has(id),
    };
  });
  return { nodes, edges: buildEdges(diagnosis, state, new Set(ids)) };
}

function buildEdges(diagnosis: Diagnosis, state: InvestigationState | undefined, nodes: ReadonlySet<string>): ReportEdge[] {
  const claimed = state ? [...state.edges.values()].sort((a, b) => a.seq - b.seq) : [];
  const discovered = new Map(claimed.map((e) => [`${e.from}\u0000${e.to}`, e.isDiscovered]));
  const seen = new Set<string>();
  const edges: ReportEdge[] = [];
  for (const p of diagnosis.propagations) {
    const key = `${p.source}\u0000${p.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push({ ...p, isDiscovered: discovered.get(key) ?? null, isOnChain: true });
  }
  for (const e of claimed) {
    const key = `${e.from}\u0000${e.to}`;
    if (seen.has(key) || !nodes.has(e.from) || !nodes.has(e.to)) continue;
    seen.add(key);
    edges.push({ source: e.from, target: e.to, condition: e.condition, effect: e.effect, isDiscovered: e.isDiscovered, isOnChain: false });
  }
  return edges;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Kind and name for display; an id that is not `namespace/Kind/name` is shown whole. */
export function entityParts(id: string): { kind: string; name: string; namespace: string | null } {
  if (!isEntityId(id)) return { kind: '', name: id, namespace: null };
  return parseEntityId(id);
}

import type { EvidenceItem } from '../model/evidence.js';
import type { EntityId } from '../model/ids.js';
import type { InvestigationState } from '../ledger/index.js';
import { computeFrontier } from '../controller/frontier.js';
import { alertNode, explainsOf, isConcurrentFinding } from '../controller/explains.js';
import { modelRunOf } from './model-run.js';
import type { Diagnosis, DiagnosisExplains } from './schema.js';
import { diagnosisHypotheses } from './hypotheses.js';
import { diagnosisCausalGraph } from './causal-graph.js';
import { diagnosisRedHerrings } from './red-herrings.js';

export interface DiagnosisAlertInput {
  id: string;
  name: string;
  entity: EntityId;
  /** The entity the walk judged for it, when not its own (core/controller alertNode). */
  node?: EntityId;
}

export interface DiagnosisInput {
  state: InvestigationState;
  /** Resolves an evidence id to its item (the evidence store); null when unknown. */
  evidenceById: (id: string) => EvidenceItem | null;
  alerts: readonly DiagnosisAlertInput[];
  policyCalls: number;
}

/**
 * Turns a finished (or paused) investigation into the diagnosis of design.md §7. Pure and
 * deterministic: the same ledger and store give the same bytes.
 */
export function buildDiagnosis(input: DiagnosisInput): Diagnosis {
  const { state } = input;
  const result = state.finished && state.status === 'finished' ? state.finished : { ...computeFrontier(state) };
  const frontier = [...result.frontier];
  const reached = reachability(state, frontier);
  const onChain = new Set<EntityId>([...frontier, ...reached.keys()]);
  const explains = diagnosisExplains(state, frontier);
  const entities = [...onChain]
    .filter((id) => state.nodes.get(id)?.belief)
    .sort((a, b) => Number(frontier.includes(b)) - Number(frontier.includes(a)) || rankOf(result.ranking, a) - rankOf(result.ranking, b))
    .map((id) => {
      const node = state.nodes.get(id);
      const belief = node?.belief;
      const items = (belief?.evidence ?? []).map(input.evidenceById).filter((e): e is EvidenceItem => e !== null);
      const rules = [...(node?.rules ?? [])];
      const code = state.code.get(id)?.blocks.map(({ level: _level, score: _score, ...block }) => block) ?? [];
      return {
        name: id,
        contributing_factor: frontier.includes(id),
        reasoning: belief?.summary ?? '',
        evidence: items.map((e) => `[${e.id}] ${e.summary}`).join('\n'),
        ...(rules.length > 0 ? { rules } : {}),
        ...(code.length > 0 ? { code } : {}),
        ...(explains.has(id) ? { explains: explains.get(id) } : {}),
      };
    });
  const propagations = [...state.edges.values()]
    .filter((e) => onChain.has(e.from) && onChain.has(e.to))
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({ source: e.from, target: e.to, condition: e.condition, effect: e.effect }));
  const alerts_explained = input.alerts.map((a) => explainAlert(a, frontier, reached, state));
  const cited = new Set<string>();
  for (const id of onChain) for (const ev of state.nodes.get(id)?.belief?.evidence ?? []) cited.add(ev);
  for (const e of state.edges.values()) if (onChain.has(e.from) && onChain.has(e.to)) e.evidence.forEach((id) => cited.add(id));
  const hypotheses = diagnosisHypotheses(state);
  // Evidence a hypothesis cites is listed like any other cited item, so its ids resolve in the report.
  for (const h of hypotheses ?? []) for (const id of [...h.support, ...h.refute]) cited.add(id);
  const redHerrings = diagnosisRedHerrings(state);
  for (const r of redHerrings ?? []) for (const id of [r.change, ...r.refute]) cited.add(id);
  const evidence = [...cited]
    .sort()
    .map(input.evidenceById)
    .filter((e): e is EvidenceItem => e !== null)
    .map((e) => ({ id: e.id, entity: e.entity, kind: e.kind, summary: e.summary, provenance: e.provenance }));
  const started = state.started;
  return {
    entities,
    propagations,
    alerts_explained,
    frontier,
    ranking: result.ranking,
    outcome: result.outcome,
    confidence: result.confidence,
    evidence,
    run: {
      policy: started?.policy.name ?? 'unknown',
      model: started?.policy.model ?? null,
      steps: state.evaluations,
      policyCalls: input.policyCalls,
      tokensIn: state.tokensIn,
      tokensOut: state.tokensOut,
      snapshotHash: started?.snapshotHash ?? '',
      settings: { ...(state.settings ?? {}), ...(state.llm.settings ? { llm: state.llm.settings } : {}) },
    },
    ...(hypotheses ? { hypotheses } : {}),
    ...diagnosisCausalGraph(state),
    ...(redHerrings ? { red_herrings: redHerrings } : {}),
    ...modelRunOf(state),
  };
}

/** What each frontier entry explains, as the frontier's order weighed it (core/controller/explains.ts). */
function diagnosisExplains(state: InvestigationState, frontier: readonly EntityId[]): Map<EntityId, DiagnosisExplains> {
  const roots = frontier.map((id) => explainsOf(state, id));
  const out = new Map<EntityId, DiagnosisExplains>();
  for (const r of roots) {
    const { alerts, severity, entry, anomalous } = r;
    out.set(r.root, { alerts, severity, entry, anomalous, anomalous_total: r.anomalousTotal, concurrent: isConcurrentFinding(r, roots) });
  }
  return out;
}

function rankOf(ranking: ReadonlyArray<{ entity: string }>, id: string): number {
  const i = ranking.findIndex((r) => r.entity === id);
  return i === -1 ? Number.MAX_SAFE_INTEGER : i;
}

/** Nodes reachable from the frontier through E_S, each with the frontier node that reaches it. */
function reachability(state: InvestigationState, frontier: readonly EntityId[]): Map<EntityId, EntityId[]> {
  const paths = new Map<EntityId, EntityId[]>();
  for (const origin of frontier) {
    const queue: EntityId[][] = [[origin]];
    while (queue.length > 0) {
      const path = queue.shift() as EntityId[];
      const last = path[path.length - 1] as EntityId;
      for (const e of [...state.edges.values()].filter((x) => x.from === last).sort((a, b) => a.to.localeCompare(b.to))) {
        if (paths.has(e.to) || frontier.includes(e.to)) continue;
        paths.set(e.to, [...path, e.to]);
        queue.push([...path, e.to]);
      }
    }
  }
  return paths;
}

function explainAlert(
  alert: DiagnosisAlertInput,
  frontier: readonly EntityId[],
  reached: Map<EntityId, EntityId[]>,
  state: InvestigationState,
) {
  const node = alertNode(alert);
  const label = state.nodes.get(node)?.belief?.label;
  const name = `${alert.name} on ${alert.entity}`;
  if (frontier.includes(node)) return { alert: name, explanation: `${node} is itself a root cause (${label})`, explained: true };
  const path = reached.get(node);
  if (path) return { alert: name, explanation: `propagated along ${path.join(' → ')}`, explained: true };
  return {
    alert: name,
    explanation: label ? `${node} was labelled ${label}; no path from a root cause reaches it` : `${node} was not investigated`,
    explained: false,
  };
}

import { z } from 'zod';
import { classStatements } from '../hypotheses/statements.js';
import type { RunRoot } from './vote.js';

/**
 * What voting reads of a causal graph (the XiHE layer's `causal_graph`, defined elsewhere):
 * only node ids, types and entities, edge ends and the interpretability score. Anything else
 * it carries is ignored, and a graph that does not have this shape counts as absent.
 */
const CausalGraphView = z.object({
  nodes: z.array(z.object({ id: z.string(), type: z.string(), entity: z.string() })),
  edges: z.array(z.object({ from: z.string(), to: z.string() })),
  metrics: z.object({ score: z.number() }).optional(),
});
type CausalGraphView = z.infer<typeof CausalGraphView>;

/** The part of a diagnosis voting reads: structural, so a diagnosis with or without a causal graph fits. */
export interface VotableDiagnosis {
  frontier: readonly string[];
  hypotheses?: ReadonlyArray<{
    id: string;
    level: number;
    parent: string | null;
    entity: string | null;
    status: string;
    statement: string;
  }>;
  causal_graph?: unknown;
}

function causalGraphOf(diagnosis: VotableDiagnosis): CausalGraphView | null {
  if (diagnosis.causal_graph === undefined) return null;
  const parsed = CausalGraphView.safeParse(diagnosis.causal_graph);
  return parsed.success ? parsed.data : null;
}

/** A run's weight: its causal graph's interpretability score, else 1 (equal weights, e.g. old ledgers). */
export function runWeight(diagnosis: VotableDiagnosis): number {
  const score = causalGraphOf(diagnosis)?.metrics?.score;
  return score === undefined ? 1 : score;
}

const classByStatement = new Map(Object.entries(classStatements).map(([cls, statement]) => [statement, cls]));

/** The cause class of the accepted level-1 hypothesis above the entity's hypothesis, if any. */
function causeClassOf(diagnosis: VotableDiagnosis, entity: string): string | null {
  const hypotheses = diagnosis.hypotheses ?? [];
  const byId = new Map(hypotheses.map((h) => [h.id, h]));
  for (const h of hypotheses) {
    if (h.entity !== entity || h.status !== 'accepted') continue;
    let parent = h.parent === null ? undefined : byId.get(h.parent);
    while (parent && parent.level > 1) parent = parent.parent === null ? undefined : byId.get(parent.parent);
    const cls = parent?.status === 'accepted' ? classByStatement.get(parent.statement) : undefined;
    if (cls) return cls;
  }
  return null;
}

/**
 * A run's root: the root anomaly of its causal graph when it has one (a node no edge enters;
 * among several, the one whose entity the frontier ranks first, then the first listed), else
 * the first frontier entity typed by the cause class of its accepted hypothesis, else 'origin'.
 * Null when the run blamed nothing.
 */
export function runRoot(diagnosis: VotableDiagnosis): RunRoot | null {
  const graph = causalGraphOf(diagnosis);
  if (graph && graph.nodes.length > 0) {
    const entered = new Set(graph.edges.map((e) => e.to));
    const roots = graph.nodes.filter((n) => !entered.has(n.id));
    const rank = (entity: string): number => {
      const i = diagnosis.frontier.indexOf(entity);
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    const first = roots.reduce<(typeof roots)[number] | null>(
      (top, n) => (top === null || rank(n.entity) < rank(top.entity) ? n : top),
      null,
    );
    if (first) return { entity: first.entity, type: first.type };
  }
  const entity = diagnosis.frontier[0];
  if (entity === undefined) return null;
  return { entity, type: causeClassOf(diagnosis, entity) ?? 'origin' };
}

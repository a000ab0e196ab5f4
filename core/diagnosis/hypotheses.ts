import { z } from 'zod';
import { hypothesesInOrder } from '../ledger/index.js';
import type { InvestigationState } from '../ledger/index.js';

/** One hypothesis of the causal graph as the diagnosis reports it (docs/hypotheses.md). */
export const DiagnosisHypothesis = z.object({
  id: z.string(),
  level: z.number().int().min(1).max(4),
  parent: z.string().nullable(),
  statement: z.string(),
  entity: z.string().nullable(),
  confidence: z.number(),
  status: z.enum(['accepted', 'refuted', 'pruned', 'open']),
  /** Evidence ids with a support edge to the hypothesis. */
  support: z.array(z.string()),
  /** Evidence ids with a refute edge. */
  refute: z.array(z.string()),
  /** 'model' when an LLM policy proposed it (docs/hypotheses.md, "Model-proposed hypotheses"); absent otherwise. */
  source: z.literal('model').optional(),
});
export type DiagnosisHypothesis = z.infer<typeof DiagnosisHypothesis>;

/** The hypotheses in creation order; undefined when the layer is off (the diagnosis then has no such field). */
export function diagnosisHypotheses(state: InvestigationState): DiagnosisHypothesis[] | undefined {
  if (!state.settings?.hypotheses) return undefined;
  return hypothesesInOrder(state.hypotheses).map((h) => ({
    id: h.id,
    level: h.level,
    parent: h.parent,
    statement: h.statement,
    entity: h.entity,
    confidence: h.confidence,
    status: h.status,
    support: [...h.support],
    refute: [...h.refute],
    ...(h.source ? { source: h.source } : {}),
  }));
}

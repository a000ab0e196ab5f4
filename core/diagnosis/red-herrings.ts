import { z } from 'zod';
import { redHerrings } from '../hypotheses/index.js';
import type { InvestigationState } from '../ledger/index.js';

/** A refuted change (a red herring) as the diagnosis reports it (docs/hypotheses.md, "Refuted changes"). */
export const DiagnosisRedHerring = z.object({
  /** Evidence id of the change record (listed in `evidence`). */
  change: z.string(),
  /** When the change happened, ISO 8601. */
  time: z.string(),
  /** The judged entities whose packets held it, all found Healthy. */
  entities: z.array(z.string()),
  reason: z.string(),
  /** Evidence ids of their normal observations after it. */
  refute: z.array(z.string()),
  /** The refuted entity hypotheses on those entities (hypothesis layer on); empty otherwise. */
  hypotheses: z.array(z.string()),
});
export type DiagnosisRedHerring = z.infer<typeof DiagnosisRedHerring>;

/** Refuted changes; undefined when there are none (the diagnosis then has no such field). */
export function diagnosisRedHerrings(state: InvestigationState): DiagnosisRedHerring[] | undefined {
  const list = redHerrings(state);
  if (list.length === 0) return undefined;
  return list.map((r) => ({ ...r, time: new Date(r.time).toISOString() }));
}

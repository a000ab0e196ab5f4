import { z } from 'zod';
import { CauseClass } from '../ledger/index.js';

/** One hypothesis as the panel shows it (the fold of the hypothesis events). */
export const HypothesisView = z.object({
  id: z.string(),
  level: z.number().int().min(1).max(4),
  parent: z.string().nullable(),
  cause: CauseClass,
  statement: z.string(),
  entity: z.string().nullable(),
  confidence: z.number(),
  status: z.enum(['open', 'accepted', 'refuted', 'pruned']),
  support: z.array(z.string()),
  refute: z.array(z.string()),
  isPinned: z.boolean(),
  isRejected: z.boolean(),
  /** 'model' when an LLM policy proposed it (docs/hypotheses.md §9). */
  source: z.literal('model').optional(),
});
export type HypothesisView = z.infer<typeof HypothesisView>;

/** A change that preceded nothing abnormal: a refuted hypothesis (a red herring) with what refutes it. */
export const RedHerringView = z.object({
  change: z.string(),
  /** ms since the epoch. */
  time: z.number(),
  entities: z.array(z.string()),
  reason: z.string(),
  refute: z.array(z.string()),
  hypotheses: z.array(z.string()),
});
export type RedHerringView = z.infer<typeof RedHerringView>;

/** The hypothesis layer's state: S_t, h*_t, the thresholds and the causal graph. */
export const HypothesisLayerView = z.object({
  level: z.number().int().min(1).max(4),
  focus: z.string().nullable(),
  delta: z.number(),
  eta: z.number().int(),
  hypotheses: z.array(HypothesisView),
  /** Refuted changes (red herrings); absent in views of older hosts. */
  redHerrings: z.array(RedHerringView).optional(),
});
export type HypothesisLayerView = z.infer<typeof HypothesisLayerView>;

/** An analyst rejects or pins a hypothesis (a ledger event, like a label override). */
export const JudgeHypothesisInput = z.object({
  id: z.string().min(1).max(64),
  action: z.enum(['reject', 'pin']),
  note: z.string().max(2000).default(''),
});

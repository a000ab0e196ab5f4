import { z } from 'zod';
import { causeClasses, HypothesisProposal } from '../model/index.js';

/**
 * Ledger events of the hypothesis layer (Graph of States, docs/hypotheses.md). They are written
 * only when the layer is on (`settings.hypotheses`); a ledger without them folds exactly as
 * before. Every number in them is a pure function of earlier events, so replays are identical.
 */

const base = { seq: z.number().int().nonnegative() };

export { causeClasses };
export const CauseClass = z.enum(causeClasses);
export type CauseClass = z.infer<typeof CauseClass>;

/** 1 cause class → 2 entity → 3 mechanism (→ 4 code region, reserved for the code layer). */
export const HypothesisLevel = z.number().int().min(1).max(4);

const hypothesisBody = {
  id: z.string(),
  level: HypothesisLevel,
  cause: CauseClass,
  statement: z.string(),
  /** The entity the hypothesis blames; null for a cause class. */
  entity: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  /** 'model' when the hypothesis exists because a policy proposed it; absent when the labels derived it. */
  source: z.literal('model').optional(),
};

/** A level-1 hypothesis derived from the symptoms (derive edges: symptom → hypothesis). */
export const HypothesisDerived = z.object({
  ...base,
  type: z.literal('HypothesisDerived'),
  ...hypothesisBody,
  /** The symptom entities (alerting or degraded nodes) the hypothesis was derived from. */
  symptoms: z.array(z.string()),
});
/** A sub-hypothesis one level finer (refine edge: parent → child). */
export const HypothesisRefined = z.object({ ...base, type: z.literal('HypothesisRefined'), ...hypothesisBody, parent: z.string() });
/** Evidence for the hypothesis (support edges) and its new confidence. */
export const HypothesisSupported = z.object({
  ...base,
  type: z.literal('HypothesisSupported'),
  id: z.string(),
  evidence: z.array(z.string()),
  confidence: z.number().min(0).max(1),
});
/** Evidence against it (refute edges); `isRefuted` when it no longer stands at all. */
export const HypothesisRefuted = z.object({
  ...base,
  type: z.literal('HypothesisRefuted'),
  id: z.string(),
  evidence: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
  isRefuted: z.boolean(),
});
/** The reasoning focus h* moved (to null when nothing is left to investigate). */
export const FocusMoved = z.object({
  ...base,
  type: z.literal('FocusMoved'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  level: HypothesisLevel,
});
/** P(top) − P(second) > δ and |E_sup(top)| ≥ η: the state machine moves one level down. */
export const DrilledDown = z.object({
  ...base,
  type: z.literal('DrilledDown'),
  hypothesis: z.string(),
  fromLevel: HypothesisLevel,
  toLevel: HypothesisLevel,
  gap: z.number(),
  support: z.number().int().nonnegative(),
});
/** An ancestor of the focus lost first place among its siblings: back to its level. */
export const Backtracked = z.object({
  ...base,
  type: z.literal('Backtracked'),
  /** The shallowest ancestor that lost first place. */
  ancestor: z.string(),
  fromLevel: HypothesisLevel,
  toLevel: HypothesisLevel,
});
/** Discarded by a backtrack; stays in the ledger and the UI, greyed. */
export const HypothesisPruned = z.object({ ...base, type: z.literal('HypothesisPruned'), id: z.string(), reason: z.string() });
/** Part of the answer once the investigation finished (the accepted chain). */
export const HypothesisAccepted = z.object({ ...base, type: z.literal('HypothesisAccepted'), id: z.string() });
/** An analyst's judgement of a hypothesis, recorded like a label override. */
export const AnalystHypothesis = z.object({
  ...base,
  type: z.literal('AnalystHypothesis'),
  id: z.string(),
  action: z.enum(['reject', 'pin']),
  note: z.string(),
  provenance: z.literal('analyst'),
});

/**
 * A hypothesis the policy proposed for `node` that passed the guard: its entity is known and
 * every cited id is in the packet, not suspicious text only. The engine scores it
 * (`confidence` is already capped: model output is never hard evidence).
 */
export const HypothesisProposed = z.object({
  ...base,
  type: z.literal('HypothesisProposed'),
  node: z.string(),
  level: HypothesisLevel,
  cause: CauseClass,
  entity: z.string(),
  statement: z.string(),
  confidence: z.number().min(0).max(1),
  support: z.array(z.string()),
  refute: z.array(z.string()),
  source: z.literal('model'),
});
/** A proposed hypothesis the guard refused (unknown entity, invented or suspicious-only evidence): recorded, never dropped. */
export const HypothesisRejected = z.object({
  ...base,
  type: z.literal('HypothesisRejected'),
  node: z.string(),
  proposal: HypothesisProposal,
  reason: z.enum(['unknown entity', 'fabricated evidence', 'suspicious support only', 'no support']),
  /** The offending ids (invented or suspicious); empty for an unknown entity. */
  evidence: z.array(z.string()),
});

export const hypothesisEvents = [
  HypothesisDerived,
  HypothesisRefined,
  HypothesisSupported,
  HypothesisRefuted,
  FocusMoved,
  DrilledDown,
  Backtracked,
  HypothesisPruned,
  HypothesisAccepted,
  AnalystHypothesis,
  HypothesisProposed,
  HypothesisRejected,
] as const;

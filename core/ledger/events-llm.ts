import { z } from 'zod';
import { Claim, Label, TimeWindow } from '../model/index.js';

/**
 * Ledger events of the model-driven path and the verification gate (docs/llm.md, "What the
 * ledger records"). Each is recorded as it happens so a ledger alone says what a model was
 * asked, what it answered, what was not believed and why. Older ledgers simply have none.
 */

const base = { seq: z.number().int().nonnegative() };

/** `code`: one step of the code drill's walk (docs/code-layer.md, "The LLM policy's walk"). */
export const modelPhases = ['bootstrap', 'explore', 'map', 'finalize', 'code'] as const;
export const ModelPhase = z.enum(modelPhases);
export type ModelPhase = z.infer<typeof ModelPhase>;

/**
 * What one exchange with the model came to: `ok` (a reply that validated), `unusable` (not JSON,
 * wrong shape, invented ids), `truncated` (cut off at the token limit), `refused` (the endpoint
 * answered with an error), `unreachable` (no answer after the retries), `skipped` (not sent: the
 * endpoint was found unreachable, or the token cap or deadline was reached; or cut in flight at the deadline).
 */
export const modelCallOutcomes = ['ok', 'unusable', 'truncated', 'refused', 'unreachable', 'skipped'] as const;
export const ModelCallOutcome = z.enum(modelCallOutcomes);
export type ModelCallOutcome = z.infer<typeof ModelCallOutcome>;

/** One exchange with the model (a corrective retry is a second one); transport retries are inside it. */
export const ModelCalled = z.object({
  ...base,
  type: z.literal('ModelCalled'),
  phase: ModelPhase,
  /** The node judged (explore, map); null for bootstrap and finalize. */
  node: z.string().nullable(),
  model: z.string(),
  tokensIn: z.number().int().nonnegative(),
  tokensOut: z.number().int().nonnegative(),
  cached: z.boolean(),
  outcome: ModelCallOutcome,
  /** Why it was not ok, in words; empty when ok. */
  detail: z.string(),
});

/** The model gave no usable judgement for a node; the built-in heuristic's judgement stands in for it. */
export const PolicyFellBack = z.object({
  ...base,
  type: z.literal('PolicyFellBack'),
  node: z.string(),
  from: z.string(),
  to: z.literal('heuristic'),
  reason: z.string(),
});

/**
 * The verification gate: an Origin belief whose cited evidence holds nothing discriminating
 * (abnormal against its baseline, not explained by a neighbour, not suspicious text). The
 * label stands as the policy gave it, but it cannot make the outcome confident and its score
 * is capped as ungrounded. Absent for every Origin that passed.
 */
export const OriginUnverified = z.object({
  ...base,
  type: z.literal('OriginUnverified'),
  node: z.string(),
  cited: z.array(z.string()),
  reason: z.string(),
});

/**
 * A label or claim whose only support was evidence flagged as suspicious text (instructions or
 * prompt markup inside captured data): the claim is dropped, the belief becomes Defer.
 */
export const SupportDistrusted = z.object({
  ...base,
  type: z.literal('SupportDistrusted'),
  node: z.string(),
  /** The label the policy gave, when the belief itself rested on suspicious text only. */
  label: Label.nullable(),
  claim: Claim.nullable(),
  evidence: z.array(z.string()),
});

/** The model endpoint's settings as the run used them (never the API key: `hasApiKey` in its place). */
export const PolicyConfigured = z.object({
  ...base,
  type: z.literal('PolicyConfigured'),
  settings: z.record(z.string(), z.unknown()),
});

/** The bootstrap phase's choice: what the model picked and what was used (the fallback when it failed). */
export const BootstrapChosen = z.object({
  ...base,
  type: z.literal('BootstrapChosen'),
  window: TimeWindow,
  seeds: z.array(z.string()),
  /** The model's choice was used (fully or partly); false when the controller's stood. */
  byModel: z.boolean(),
  /** Why the model's choice was (partly) not used; null when used as given. */
  note: z.string().nullable(),
  /** Model text: shown as such, never evidence. */
  modelText: z.string(),
});

/** The finalize phase's prose: model text for the report, marked as such; it decides nothing. */
export const ProseWritten = z.object({
  ...base,
  type: z.literal('ProseWritten'),
  model: z.string(),
  entities: z.array(z.object({ name: z.string(), text: z.string() })),
  alerts: z.array(z.object({ alert: z.string(), text: z.string() })),
  /** Why some or all prose was left out; null when none was. */
  note: z.string().nullable(),
});

export const runStopReasons = ['token_cap', 'deadline', 'causal_explained'] as const;
export const RunStopReason = z.enum(runStopReasons);
export type RunStopReason = z.infer<typeof RunStopReason>;

/** The walk stopped before its fixed point for a limit other than the evaluation budget; Finished follows. */
export const RunStopped = z.object({
  ...base,
  type: z.literal('RunStopped'),
  reason: RunStopReason,
  detail: z.string(),
});

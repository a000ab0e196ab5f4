import { z } from 'zod';
import { Belief, Claim, EvidenceKind, Extractor, Label, Message, TimeWindow } from '../model/index.js';
import { CodeDrilled, CodeStep } from './events-code.js';
import { VoteCast } from './events-voting.js';
import { CodeDependencyFound } from './events-code-cross.js';
import { ScopeMessage, ScopesFormed } from './events-scopes.js';
import { ControllerSettings } from './settings.js';
import { hypothesisEvents } from './events-hypotheses.js';
import { causalEvents } from './events-causal.js';
import {
  BootstrapChosen,
  ModelCalled,
  OriginUnverified,
  PolicyConfigured,
  PolicyFellBack,
  ProseWritten,
  RunStopped,
  SupportDistrusted,
} from './events-llm.js';

/**
 * Ledger events (design.md §3). Every event carries its sequence number; state is a fold
 * over them. Deliberately no wall-clock values: the same inputs must give the same bytes,
 * so call durations travel out of band (StepRecord.metrics).
 */

/**
 * `hypothesis`: the reasoning focus asked for the node's evidence (hypothesis layer only);
 * `code`: an Origin's source names it and nothing else linked them (CodeDependencyFound).
 */
export const activationReasons = ['seed', 'claim', 'proposal', 'message', 'override', 'hypothesis', 'code', 'reminder'] as const;
export const ActivationReason = z.enum(activationReasons);
export type ActivationReason = z.infer<typeof ActivationReason>;

/** Compact index of one packet evidence item: enough for fold() to decide grounding. */
export const EvidenceRef = z.object({
  id: z.string(),
  kind: EvidenceKind,
  extractor: Extractor,
  time: z.number(),
  /** A citable change or fault: config/deploy change, failure event or derived fault signal. */
  isFault: z.boolean(),
});
export type EvidenceRef = z.infer<typeof EvidenceRef>;

export const beliefSources = ['policy', 'guard', 'damping', 'analyst'] as const;
export const BeliefSource = z.enum(beliefSources);
export type BeliefSource = z.infer<typeof BeliefSource>;

export const Grounding = z.enum(['grounded', 'partial', 'ungrounded']);
export type Grounding = z.infer<typeof Grounding>;

export const Confidence = z.object({
  raw: z.number(),
  grounding: Grounding,
  cap: z.number(),
  effective: z.number(),
  /**
   * How often diagnoses stating `effective` named the right root first, on the real datasets'
   * development parts (core/controller/calibration.ts); absent in ledgers written before it.
   */
  calibrated: z.number().optional(),
});
export type Confidence = z.infer<typeof Confidence>;

export const RankedEntity = z.object({ entity: z.string(), score: z.number() });
export type RankedEntity = z.infer<typeof RankedEntity>;

const base = { seq: z.number().int().nonnegative() };

/** What the bootstrap decided before the loop, kept so a ledger alone can be replayed and exported. */
export const BootstrapRecord = z.object({
  window: TimeWindow,
  incidentTime: z.number().nullable(),
  /**
   * `severity` as the alert gave it; `node`, the entity the walk judges for it when that is not the
   * alert's own (the Service of a Pod's alert). Both absent in ledgers written before they were recorded.
   */
  alerts: z.array(
    z.object({ id: z.string(), name: z.string(), entity: z.string(), severity: z.string().optional(), node: z.string().optional() }),
  ),
  ignoredAlerts: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
  /** Where users' requests come in (services no other calls); absent in ledgers written before it was recorded. */
  entryPoints: z.array(z.string()).optional(),
});
export type BootstrapRecord = z.infer<typeof BootstrapRecord>;

export const InvestigationStarted = z.object({
  ...base,
  type: z.literal('InvestigationStarted'),
  snapshotHash: z.string(),
  settings: ControllerSettings,
  policy: z.object({ name: z.string(), model: z.string().nullable() }),
  bootstrap: BootstrapRecord.nullable().default(null),
});
export const Activated = z.object({
  ...base,
  type: z.literal('Activated'),
  node: z.string(),
  reason: ActivationReason,
  /** The node whose claim, proposal, message or override caused this; null for seeds. */
  by: z.string().nullable(),
  /** Why the bootstrap chose a seed (e.g. "change preceding the alert"); empty otherwise. */
  note: z.string(),
});
export const Skipped = z.object({
  ...base,
  type: z.literal('Skipped'),
  node: z.string(),
  reason: z.enum(['max_visits', 'damped', 'pinned']),
});
/** Popped inside its cooldown while other nodes wait: moved behind them (design.md §2, rule 1). */
export const Requeued = z.object({ ...base, type: z.literal('Requeued'), node: z.string() });
export const StepStarted = z.object({ ...base, type: z.literal('StepStarted'), node: z.string(), evaluation: z.number().int().positive() });
export const PacketBuilt = z.object({
  ...base,
  type: z.literal('PacketBuilt'),
  node: z.string(),
  packetHash: z.string(),
  tokenCount: z.number().int().nonnegative(),
  window: TimeWindow,
  evidence: z.array(EvidenceRef),
});
export const PolicyCalled = z.object({
  ...base,
  type: z.literal('PolicyCalled'),
  node: z.string(),
  policy: z.string(),
  model: z.string().nullable(),
  tokensIn: z.number().int().nonnegative().nullable(),
  tokensOut: z.number().int().nonnegative().nullable(),
  cached: z.boolean(),
  error: z.string().nullable(),
});
export const ClaimRejected = z.object({
  ...base,
  type: z.literal('ClaimRejected'),
  node: z.string(),
  reason: z.enum(['fabricated evidence', 'unknown entity', 'self loop']),
  /** The rejected claim, or null when the belief itself cited unknown evidence. */
  claim: Claim.nullable(),
  evidence: z.array(z.string()),
});
export const BeliefSet = z.object({
  ...base,
  type: z.literal('BeliefSet'),
  node: z.string(),
  belief: Belief,
  previous: Belief.nullable(),
  source: BeliefSource,
  reasoning: z.array(z.string()),
  /**
   * Ids of the policy's rules that fired (the heuristic's rule table), in the policy's order.
   * Absent when the policy has no rules (LLM) and in ledgers written before rules were recorded.
   */
  rules: z.array(z.string()).optional(),
});
export const Damped = z.object({ ...base, type: z.literal('Damped'), node: z.string(), flips: z.number().int() });
export const EdgeClaimed = z.object({
  ...base,
  type: z.literal('EdgeClaimed'),
  from: z.string(),
  to: z.string(),
  by: z.string(),
  evidence: z.array(z.string()),
  condition: z.string(),
  effect: z.string(),
  /** No topology edge links the two entities: the claim discovered this dependency. */
  isDiscovered: z.boolean(),
});
export const MessageSent = z.object({ ...base, type: z.literal('MessageSent'), message: Message });
export const AnalystOverride = z.object({
  ...base,
  type: z.literal('AnalystOverride'),
  node: z.string(),
  label: Label,
  note: z.string(),
  provenance: z.literal('analyst'),
});
export const Paused = z.object({ ...base, type: z.literal('Paused') });
export const Resumed = z.object({ ...base, type: z.literal('Resumed') });
export const Finished = z.object({
  ...base,
  type: z.literal('Finished'),
  reason: z.enum(['fixed_point', 'budget']),
  frontier: z.array(z.string()),
  outcome: z.enum(['confident', 'no_confident_root_cause']),
  confidence: Confidence,
  ranking: z.array(RankedEntity),
});

/**
 * The case library's prior (docs/cases.md §4), given before the walk: a line the packets carry
 * and the past cases it came from. Never evidence: it has no id, so no label can cite it.
 */
export const CasePriorGiven = z.object({
  ...base,
  type: z.literal('CasePriorGiven'),
  line: z.string(),
  /** The first root the agreeing cases found, looked at first when this graph has it. */
  root: z.string().nullable(),
  cases: z.array(z.string()),
});

export const LedgerEvent = z.discriminatedUnion('type', [
  InvestigationStarted,
  Activated,
  Skipped,
  Requeued,
  StepStarted,
  PacketBuilt,
  PolicyCalled,
  ClaimRejected,
  BeliefSet,
  Damped,
  EdgeClaimed,
  MessageSent,
  AnalystOverride,
  Paused,
  Resumed,
  Finished,
  ...hypothesisEvents,
  ModelCalled,
  PolicyFellBack,
  OriginUnverified,
  SupportDistrusted,
  PolicyConfigured,
  BootstrapChosen,
  ProseWritten,
  RunStopped,
  CodeDrilled,
  CodeStep,
  ...causalEvents,
  VoteCast,
  CodeDependencyFound,
  ScopesFormed,
  ScopeMessage,
  CasePriorGiven,
]);
export type LedgerEvent = z.infer<typeof LedgerEvent>;
export type LedgerEventType = LedgerEvent['type'];
export type EventOf<T extends LedgerEventType> = Extract<LedgerEvent, { type: T }>;
/** An event before the ledger assigns its sequence number. */
export type NewLedgerEvent = LedgerEvent extends infer E ? (E extends LedgerEvent ? Omit<E, 'seq'> : never) : never;

import { z } from 'zod';
import { BeliefSource, Confidence, ControllerSettings, EdgeClaimed, LedgerEvent, RankedEntity } from '../ledger/index.js';
import { Belief, Label, TimeWindow } from '../model/index.js';
import { HypothesisLayerView } from './hypothesis-schemas.js';
import { ModelActivity } from './model-activity.js';
import { CausalGraphChoice } from './causal-schemas.js';
import { CausalGraph } from '../causal/index.js';
import { StoreChoice } from './store-schemas.js';
import { CasesChoice } from './cases-schemas.js';

export const policies = ['heuristic', 'llm'] as const;

/** An investigation window chosen by the analyst (epoch ms); replaces the derived one. */
export const WindowOverride = TimeWindow.refine((w) => w.end > w.start, { message: 'the window must end after it starts' });
export type WindowOverride = z.infer<typeof WindowOverride>;

/** Controller settings (core/ledger) plus the policy to run and an optional window override. */
export const InvestigationSettings = ControllerSettings.extend({
  policy: z.enum(policies).default('heuristic'),
  /** Null: the bootstrap derives the window from the alerts (design.md §2). */
  window: WindowOverride.nullable().default(null),
  /** The causal-graph layer and its knowledge files (docs/causal-graph.md). */
  causalGraph: CausalGraphChoice.prefault({}),
  /** Independent runs that vote on the root (docs/voting.md); absent or 1: one run. */
  runs: z.number().int().min(1).max(16).optional(),
  /** The alert scopes' sliding window in ms (docs/scopes.md; absent: 2 minutes); `--alert-window`, the app's setting. */
  alertWindowMs: z.number().int().min(1000).max(86_400_000).optional(),
});
export type InvestigationSettings = z.infer<typeof InvestigationSettings>;

/** Matches core/ledger's InvestigationStatus. */
export const investigationStatuses = ['new', 'running', 'paused', 'finished'] as const;
export const Outcome = z.enum(['confident', 'no_confident_root_cause']);
export type Outcome = z.infer<typeof Outcome>;

export const NodeStateView = z.object({
  node: z.string(),
  belief: Belief.nullable(),
  beliefSource: BeliefSource.nullable(),
  visits: z.number().int().nonnegative(),
  flips: z.number().int().nonnegative(),
  isDamped: z.boolean(),
  /** Set by an analyst override: shown as human-asserted. */
  isPinned: z.boolean(),
});
export type NodeStateView = z.infer<typeof NodeStateView>;

/** An E_S edge as the ledger recorded its claim. */
export const ClaimedEdgeView = EdgeClaimed.omit({ seq: true, type: true });
export type ClaimedEdgeView = z.infer<typeof ClaimedEdgeView>;

/**
 * The controller state as the UI sees it: a serialisable projection of core/ledger's
 * InvestigationState (the fold of the ledger up to `seq`).
 */
export const InvestigationState = z.object({
  /**
   * Increases with every state the backend produces. A reply and a push can arrive in either
   * order, so clients keep the state with the highest revision.
   */
  revision: z.number().int().nonnegative(),
  status: z.enum(investigationStatuses),
  /** Last applied ledger sequence number; -1 before anything happened. */
  seq: z.number().int().min(-1),
  evaluations: z.number().int().nonnegative(),
  settings: InvestigationSettings.nullable(),
  budgetLeft: z.number().int().nonnegative(),
  /** Nodes waiting in the ActiveSet, in the order they will be evaluated. */
  activeSet: z.array(z.string()),
  nodes: z.array(NodeStateView),
  edges: z.array(ClaimedEdgeView),
  frontier: z.array(z.string()),
  outcome: Outcome.nullable(),
  confidence: Confidence.nullable(),
  ranking: z.array(RankedEntity),
  tokensIn: z.number().int().nonnegative(),
  tokensOut: z.number().int().nonnegative(),
  /** Why the last run stopped early (e.g. a policy call failed); null when it did not. */
  lastError: z.string().nullable(),
  /** The hypothesis layer; absent when the investigation runs without it. */
  hypotheses: HypothesisLayerView.optional(),
  /** The causal-graph layer's graph (the fold's, post-processed) and metrics; absent when it is off. */
  causalGraph: CausalGraph.optional(),
  model: ModelActivity.optional(),
});
export type InvestigationState = z.infer<typeof InvestigationState>;

/**
 * Where the llm policy sends its requests. The API key never crosses the wire, nor the name of
 * its variable: the backend reads it from its own environment (docs/llm.md, "Hosted endpoints and the API key").
 */
export const LlmEndpoint = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: z.string().min(1).max(200),
});
export type LlmEndpoint = z.infer<typeof LlmEndpoint>;

/** Omitted settings take the defaults (prefault parses `{}` through the schema). */
export const StartInput = z.object({
  settings: InvestigationSettings.prefault({}),
  llm: LlmEndpoint.optional(),
  store: StoreChoice.optional(),
  /** The case library (the app's setting); absent: the host's. */
  cases: CasesChoice.optional(),
});
/** Show the state after ledger event `seq` (the timeline); the head or beyond goes live. */
export const SeekInput = z.object({ seq: z.number().int().min(-1) });
export const RunInput = z.object({
  /** Stop after this many steps (or at the fixed point / budget, whichever is first). */
  maxSteps: z.number().int().positive().optional(),
});
export const OverrideInput = z.object({
  node: z.string().min(1),
  label: Label,
  note: z.string().max(2000).default(''),
});

export const LedgerEventsInput = z.object({
  /** Events with seq greater than this; -1 for all. */
  afterSeq: z.number().int().min(-1).default(-1),
  limit: z.number().int().positive().max(5000).default(500),
});
/** Ledger events exactly as core/ledger defines them. */
export const LedgerEventsOutput = z.object({
  events: z.array(LedgerEvent),
  hasMore: z.boolean(),
});

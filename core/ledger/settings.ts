import { z } from 'zod';
import { HypothesisSettings } from './settings-hypotheses.js';
import { CausalSettings } from './settings-causal.js';

/** Controller settings (design.md §2). Recorded in InvestigationStarted so a replay uses the same ones. */
export const ControllerSettings = z.object({
  /**
   * Maximum policy invocations for the whole investigation. Absent: sized to the system when
   * the investigation starts (core/controller defaultBudget) and recorded so.
   */
  budget: z.number().int().nonnegative().optional(),
  /** A node is evaluated at most this many times. */
  maxVisits: z.number().int().positive().default(5),
  /** A node evaluated fewer than this many evaluations ago waits behind other queued nodes. */
  cooldown: z.number().int().nonnegative().default(2),
  /** More label flips than this force an absorbing Defer. */
  kFlips: z.number().int().nonnegative().default(3),
  /** false = the paper's "controller only" arm: each node once, no broadcast, no revision. */
  revision: z.boolean().default(true),
  /** Policy calls in flight at once; results are still applied in a fixed order. */
  concurrency: z.number().int().min(1).max(64).default(1),
  /**
   * Run r > 0 of a vote (docs/voting.md): neighbours woken together by one broadcast are queued
   * in an order shuffled from this seed instead of sorted. Absent for run 0 and single runs.
   */
  visitSeed: z.number().int().positive().optional(),
  /** The hypothesis layer (Graph of States); absent = off, and nothing of it is recorded. */
  hypotheses: HypothesisSettings.optional(),
  /** The causal-graph layer (docs/causal-graph.md); absent = off, and nothing of it is recorded. */
  causal: CausalSettings.optional(),
  /**
   * Give the policy the case library's prior (docs/cases.md §4): one line in each packet, and its
   * root looked at first. Absent = off (measured: BENCHMARKS.md, "Case library").
   */
  casePrior: z.boolean().optional(),
});
export type ControllerSettings = z.infer<typeof ControllerSettings>;
export type ControllerSettingsInput = z.input<typeof ControllerSettings>;

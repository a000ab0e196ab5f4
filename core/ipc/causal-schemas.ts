import { z } from 'zod';
import type { ControllerSettingsInput } from '../ledger/index.js';

/**
 * The causal-graph layer as a run asks for it (docs/causal-graph.md): on by default, the
 * knowledge enforced, the user's knowledge files laid over the shipped default. The host loads
 * the files and records the knowledge's identity in the controller settings (`causal`).
 */
export const CausalGraphChoice = z.object({
  enabled: z.boolean().default(true),
  /** false: proposals that break the knowledge or topology are applied (still recorded as violations). */
  enforce: z.boolean().default(true),
  /** Knowledge files (YAML) laid over the default, in order. */
  files: z.array(z.string().min(1)).max(16).default([]),
  /** Orphan alerts' entities are reminded to the walk (docs/causal-graph.md §7). */
  steer: z.boolean().default(false),
  /** Root anomalies' neighbours are reminded too (off by default: docs/causal-graph.md §7). */
  steerRoots: z.boolean().default(false),
  /** Stop once the causal graph explains every alert with one root (off by default: docs/causal-graph.md §7). */
  earlyStop: z.boolean().default(false),
});
export type CausalGraphChoice = z.infer<typeof CausalGraphChoice>;

/** Controller settings plus the causal-graph choice: what the CLI and bench hand to the one service. */
export type RunSettingsInput = ControllerSettingsInput & { causalGraph?: z.input<typeof CausalGraphChoice> };

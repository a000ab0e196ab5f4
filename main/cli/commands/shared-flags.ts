import type { ControllerSettingsInput } from '../../../core/ledger/index.js';
import { createPolicy, type Env, type PolicyHandle, type PolicySpec } from '../../policies/create-policy.js';
import { LlmOptionsError } from '../../policies/llm/index.js';
import { llmSpecFrom } from './llm-flags.js';
import { UsageError } from '../errors.js';

/** The --policy flag with the LLM flags (addLlmOptions), which llmSpecFrom reads by name. */
export type PolicyFlags = {
  policy: string;
  baseUrl?: string;
  model?: string;
  [llmFlag: string]: unknown;
};

/** The controller flags shared by `eog investigate` and `eog bench`. */
export type ControllerFlags = {
  budget?: string;
  concurrency?: string;
  tokenBudget?: string;
  revision: boolean;
  /** The hypothesis layer (Graph of States): on unless --no-hypotheses (docs/hypotheses.md says why). */
  hypotheses?: boolean;
  delta?: string;
  eta?: string;
};

/** Adds the hypothesis layer's flags (investigate and bench share them). */
export function addHypothesisOptions<T extends { option(flags: string, description: string): T }>(command: T): T {
  return command
    .option('--hypotheses', "the hypothesis layer (docs/hypotheses.md), on by default: the frontier is the accepted hypotheses' entities")
    .option('--no-hypotheses', 'turn the hypothesis layer off: the frontier is the walk’s Origins')
    .option('--delta <x>', 'hypothesis layer: drill down when P(top) − P(second) exceeds this (default 0.1)')
    .option('--eta <n>', 'hypothesis layer: … and the top has at least this many supporting evidence items (default 2)');
}

function fraction(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`${flag} ${value}: expected a number from 0 to 1`);
  return n;
}

function wholeOrZero(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} ${value}: expected a whole number, 0 or more`);
  return n;
}

export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} ${value}: expected a positive whole number`);
  return n;
}

/** The policy spec named by --policy; flag problems become UsageErrors naming the flag. */
/** The layer is on unless --no-hypotheses turned it off. */
export function hypothesesOn(flags: { hypotheses?: boolean }): boolean {
  return flags.hypotheses !== false;
}

export function policySpecFrom(flags: PolicyFlags & { hypotheses?: boolean }): PolicySpec {
  if (flags.policy === 'heuristic') {
    // Without this, a forgotten `--policy llm` would silently run the heuristic instead.
    if (flags.baseUrl !== undefined || flags.model !== undefined)
      throw new UsageError('--base-url and --model apply to the LLM policy only; add --policy llm');
    return { kind: 'heuristic' };
  }
  // With the hypothesis layer on, the model also proposes hypotheses (explore v3, docs/hypotheses.md).
  if (flags.policy === 'llm') return usage(() => ({ ...llmSpecFrom(flags), ...(hypothesesOn(flags) ? { hypotheses: true } : {}) }));
  throw new UsageError(`--policy ${flags.policy}: expected heuristic or llm`);
}

/** The policy for --policy, made by the one factory (main/policies/create-policy.ts). */
export function openPolicy(
  flags: PolicyFlags & { hypotheses?: boolean },
  env: Env,
  deps: Parameters<typeof createPolicy>[2] = {},
): PolicyHandle {
  const spec = policySpecFrom(flags);
  return usage(() => createPolicy(spec, env, deps));
}

function usage<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof LlmOptionsError) throw new UsageError(error.message);
    throw error;
  }
}

export function settingsFrom(flags: ControllerFlags): ControllerSettingsInput {
  const settings: ControllerSettingsInput = { revision: flags.revision };
  const budget = positiveInt(flags.budget, '--budget');
  const concurrency = positiveInt(flags.concurrency, '--concurrency');
  if (budget !== undefined) settings.budget = budget;
  if (concurrency !== undefined) settings.concurrency = concurrency;
  const delta = fraction(flags.delta, '--delta');
  const eta = wholeOrZero(flags.eta, '--eta');
  if (!hypothesesOn(flags) && (delta !== undefined || eta !== undefined))
    throw new UsageError('--delta and --eta apply to the hypothesis layer only; drop --no-hypotheses');
  // Absent when off, so the recorded settings (and the ledger) are byte-identical to a run without the layer.
  if (hypothesesOn(flags)) settings.hypotheses = { ...(delta !== undefined ? { delta } : {}), ...(eta !== undefined ? { eta } : {}) };
  return settings;
}

export const ALERT_WINDOW_HELP = 'sliding window bounding which alerts are scoped together (default 120; docs/scopes.md)';

/** `--alert-window <seconds>` as the investigation setting (`eog investigate`, `eog bench`; the app has its own field). */
export function alertWindowMs(value: string | undefined): { alertWindowMs?: number } {
  const seconds = positiveInt(value, '--alert-window');
  return seconds === undefined ? {} : { alertWindowMs: seconds * 1000 };
}

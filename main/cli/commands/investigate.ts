import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Policy } from '../../../core/controller/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { ControllerSettingsInput, LedgerEvent } from '../../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../../core/policy/heuristic/index.js';
import {
  addLlmOptions,
  createLlmPolicy,
  describeLlmOptions,
  llmOptionsFrom,
  LlmOptionsError,
  type LlmOptions,
} from '../../policies/llm/index.js';
import { Investigation, investigateSnapshot, openSnapshot, type InvestigateSnapshotOptions } from '../../session/index.js';
import { UsageError } from '../errors.js';

/** The --policy flag with the LLM flags (addLlmOptions), which llmOptionsFrom reads by name. */
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
};

export type InvestigateFlags = PolicyFlags &
  ControllerFlags & {
    out?: string;
    ledger?: string;
  };

type Env = Readonly<Record<string, string | undefined>>;

/** The policy a command runs with, what may be written down about it, and how to release it. */
export interface PolicyChoice {
  policy: Policy;
  /** Settings safe to record in outputs (never the API key); null for the heuristic. */
  description: Record<string, unknown> | null;
  /** One line on what the policy did (requests, cache hits, failures); null when nothing to say. */
  summary(): string | null;
  close(): void;
}

export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} ${value}: expected a positive whole number`);
  return n;
}

/** Creates the policy named by --policy; LLM flag problems become UsageErrors naming the flag. */
export function openPolicy(flags: PolicyFlags, env: Env): PolicyChoice {
  if (flags.policy === 'heuristic') {
    // Without this, a forgotten `--policy llm` would silently run the heuristic instead.
    if (flags.baseUrl !== undefined || flags.model !== undefined)
      throw new UsageError('--base-url and --model apply to the LLM policy only; add --policy llm');
    return { policy: createHeuristicPolicy(), description: null, summary: () => null, close: () => undefined };
  }
  if (flags.policy === 'llm') {
    const options = llmOptions(flags, env);
    const policy = createLlmPolicy(options);
    return {
      policy,
      description: describeLlmOptions(options),
      summary: () => {
        const s = policy.stats();
        const hint = s.failures > 0 ? ' (each reason is in the ledger: PolicyCalled.error)' : '';
        return `llm ${options.model} at ${options.baseUrl}: ${s.requests} requests, ${s.cacheHits} cached, ${s.correctiveRetries} corrective retries, ${s.failures} unusable answers labelled Defer${hint}, ${s.fabricatedIds} invented evidence ids stripped`;
      },
      close: () => policy.close(),
    };
  }
  throw new UsageError(`--policy ${flags.policy}: expected heuristic or llm`);
}

function llmOptions(flags: PolicyFlags, env: Env): LlmOptions {
  try {
    return llmOptionsFrom(flags, env);
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
  return settings;
}

export function registerInvestigate(program: Command): void {
  const command = program
    .command('investigate')
    .description('Run an investigation on a bundle or store and write the diagnosis (design.md §7 JSON).')
    .argument('<snapshot>', 'bundle folder or evidence store')
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--out <file>', 'diagnosis JSON to write (default: stdout)')
    .option('--ledger <file>', 'ledger file; an interrupted run resumes from it')
    .option('--budget <n>', 'maximum policy invocations')
    .option('--concurrency <n>', 'policy calls in flight')
    .option('--token-budget <n>', 'context packet budget in tokens (default 6000)')
    .option('--no-revision', 'ablation: evaluate each node once, without belief propagation');
  addLlmOptions(command).action(async (snapshot: string, flags: InvestigateFlags) => {
    const chosen = openPolicy(flags, process.env);
    try {
      const options: InvestigateSnapshotOptions = {
        policy: chosen.policy,
        settings: settingsFrom(flags),
        ledgerFile: flags.ledger ?? null,
        tokenBudget: positiveInt(flags.tokenBudget, '--token-budget'),
      };
      const stopAfter = stopAfterStepsHook(process.env);
      if (stopAfter !== null) await stopAfterSteps(snapshot, options, stopAfter);
      const { diagnosis } = await investigateSnapshot(snapshot, options);
      const text = `${JSON.stringify(withPolicyDescription(diagnosis, chosen.description), null, 2)}\n`;
      if (flags.out) writeFileSync(flags.out, text);
      else process.stdout.write(text);
      const summary = chosen.summary();
      if (summary) process.stderr.write(`${summary}\n`);
      if (flags.out) {
        process.stderr.write(
          `${diagnosis.outcome}: frontier ${diagnosis.frontier.join(', ') || '(empty)'} — ${diagnosis.run.steps} steps; wrote ${flags.out}\n`,
        );
      }
    } finally {
      chosen.close();
    }
  });
}

/** Records the LLM endpoint settings (no key) next to the controller settings, so a diagnosis says how it was made. */
function withPolicyDescription(diagnosis: Diagnosis, description: Record<string, unknown> | null): Diagnosis {
  if (description === null) return diagnosis;
  return { ...diagnosis, run: { ...diagnosis.run, settings: { ...diagnosis.run.settings, llm: description } } };
}

/**
 * Test hook, not a feature: EOG_STOP_AFTER_STEPS=N ends the process with exit code 137 (what a
 * SIGKILL gives) as soon as the ledger holds N evaluations, so the kill-and-resume test can stop
 * a real run at a known step instead of racing a timer. Unset in normal use.
 */
function stopAfterStepsHook(env: Env): number | null {
  const value = env.EOG_STOP_AFTER_STEPS;
  if (value === undefined || value === '') return null;
  const steps = Number(value);
  if (!Number.isInteger(steps) || steps <= 0)
    throw new UsageError(`EOG_STOP_AFTER_STEPS=${value}: expected a positive whole number (it is a test hook; unset it)`);
  return steps;
}

async function stopAfterSteps(snapshot: string, options: InvestigateSnapshotOptions, steps: number): Promise<never> {
  const opened = await openSnapshot(snapshot);
  const investigation = await Investigation.open({ store: opened.store, ...options });
  // Each step() commits its tick to the ledger before it resolves, so what is counted is persisted.
  while (!investigation.isFinished && evaluations(investigation.events) < steps) await investigation.step();
  // No cleanup on purpose: like a kill, the ledger is left exactly as the last transaction wrote it.
  process.exit(137);
}

function evaluations(events: readonly LedgerEvent[]): number {
  return events.filter((e) => e.type === 'StepStarted').length;
}

import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Policy } from '../../../core/controller/index.js';
import type { ControllerSettingsInput } from '../../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../../core/policy/heuristic/index.js';
import { investigateSnapshot } from '../../session/index.js';
import { UsageError } from '../errors.js';

export interface InvestigateFlags {
  policy: string;
  out?: string;
  ledger?: string;
  budget?: string;
  concurrency?: string;
  revision: boolean;
  tokenBudget?: string;
  quiet?: boolean;
}

export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} ${value}: expected a positive whole number`);
  return n;
}

export function policyFor(name: string): Policy {
  if (name === 'heuristic') return createHeuristicPolicy();
  throw new UsageError(`--policy ${name}: expected heuristic or llm`);
}

export function settingsFrom(flags: InvestigateFlags): ControllerSettingsInput {
  const settings: ControllerSettingsInput = { revision: flags.revision };
  const budget = positiveInt(flags.budget, '--budget');
  const concurrency = positiveInt(flags.concurrency, '--concurrency');
  if (budget !== undefined) settings.budget = budget;
  if (concurrency !== undefined) settings.concurrency = concurrency;
  return settings;
}

export function registerInvestigate(program: Command): void {
  program
    .command('investigate')
    .description('Run an investigation on a bundle or store and write the diagnosis (design.md §7 JSON).')
    .argument('<snapshot>', 'bundle folder or evidence store')
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--out <file>', 'diagnosis JSON to write (default: stdout)')
    .option('--ledger <file>', 'ledger file; an interrupted run resumes from it')
    .option('--budget <n>', 'maximum policy invocations')
    .option('--concurrency <n>', 'policy calls in flight')
    .option('--token-budget <n>', 'context packet budget in tokens (default 6000)')
    .option('--no-revision', 'ablation: evaluate each node once, without belief propagation')
    .action(async (snapshot: string, flags: InvestigateFlags) => {
      const { diagnosis } = await investigateSnapshot(snapshot, {
        policy: policyFor(flags.policy),
        settings: settingsFrom(flags),
        ledgerFile: flags.ledger ?? null,
        tokenBudget: positiveInt(flags.tokenBudget, '--token-budget'),
      });
      const text = `${JSON.stringify(diagnosis, null, 2)}\n`;
      if (flags.out) writeFileSync(flags.out, text);
      else process.stdout.write(text);
      if (flags.out) {
        process.stderr.write(`${diagnosis.outcome}: frontier ${diagnosis.frontier.join(', ') || '(empty)'} — ${diagnosis.run.steps} steps; wrote ${flags.out}\n`);
      }
    });
}

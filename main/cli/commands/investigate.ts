import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import { addLlmOptions } from './llm-flags.js';
import { investigateSnapshot } from '../../session/index.js';
import { addHypothesisOptions, openPolicy, positiveInt, settingsFrom, type ControllerFlags, type PolicyFlags } from './shared-flags.js';

export type InvestigateFlags = PolicyFlags &
  ControllerFlags & {
    out?: string;
    ledger?: string;
  };

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
  addLlmOptions(addHypothesisOptions(command)).action(async (snapshot: string, flags: InvestigateFlags) => {
    const chosen = openPolicy(flags, process.env);
    try {
      const { diagnosis } = await investigateSnapshot(snapshot, {
        policy: chosen.policy,
        settings: settingsFrom(flags),
        ledgerFile: flags.ledger ?? null,
        tokenBudget: positiveInt(flags.tokenBudget, '--token-budget'),
      });
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

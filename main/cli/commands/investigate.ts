import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerInvestigate(program: Command): void {
  program
    .command('investigate')
    .description('Run an investigation on a bundle or store and write the diagnosis.')
    .argument('<snapshot>', 'bundle folder or evidence store')
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--out <file>', 'diagnosis JSON to write (default: stdout)')
    .option('--ledger <file>', 'ledger file; an interrupted run resumes from it')
    .option('--budget <n>', 'maximum policy invocations')
    .action(() => {
      throw new UsageError('investigate: not implemented yet');
    });
}

import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Export a finished investigation: json | md | html | gexf.')
    .argument('<ledger>', 'ledger file of the investigation')
    .option('--format <format>', 'json | md | html | gexf', 'json')
    .option('--out <file>', 'file to write (default: stdout)')
    .action(() => {
      throw new UsageError('export: not implemented yet');
    });
}

import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('Investigate every case of a folder of bundles (or a dataset root) and score against ground truth.')
    .argument('<dir>', 'folder of bundles or dataset root')
    .option('--format <format>', 'input format when converting on the fly: nezha | itbench-lite')
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--runs <k>', 'repeated runs per case', '1')
    .option('--json', 'print one JSON object for machines')
    .option('--ablation', 'run with and without belief revision side by side')
    .action(() => {
      throw new UsageError('bench: not implemented yet');
    });
}

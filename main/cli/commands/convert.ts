import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerConvert(program: Command): void {
  program
    .command('convert')
    .description('Convert a dataset (nezha | itbench-lite) into native snapshot bundles, one per incident.')
    .argument('<format>', 'input format: nezha | itbench-lite')
    .argument('<input>', 'dataset root (nezha) or Scenario-N folder (itbench-lite)')
    .requiredOption('--out <dir>', 'output folder for the bundles')
    .action((format: string) => {
      throw new UsageError(`convert ${format}: not implemented yet`);
    });
}

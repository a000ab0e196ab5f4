import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('Load a snapshot (native bundle, ITBench-Lite folder or Nezha case) into an evidence store.')
    .argument('<snapshot>', 'snapshot folder')
    .option('--store <file>', 'evidence store to write (default: <snapshot>/.eog/store.sqlite)')
    .action(() => {
      throw new UsageError('import: not implemented yet');
    });
}

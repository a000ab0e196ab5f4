import type { Command } from 'commander';
import { UsageError } from '../errors.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the workbench UI on a local web host (127.0.0.1 by default, token required).')
    .argument('[snapshot]', 'snapshot to open (default: the bundled sample)')
    .option('--port <n>', 'port (0 = any free port)', '0')
    .option('--host <h>', 'interface to bind', '127.0.0.1')
    .action(() => {
      throw new UsageError('serve: not implemented yet');
    });
}

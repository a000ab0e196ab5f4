import { Command } from 'commander';
import { registerBench } from './commands/bench.js';
import { registerConvert } from './commands/convert.js';
import { registerExport } from './commands/export.js';
import { registerGenerate } from './commands/generate.js';
import { registerImport } from './commands/import.js';
import { registerInvestigate } from './commands/investigate.js';
import { registerServe } from './commands/serve.js';

export function buildProgram(): Command {
  const program = new Command('eog')
    .description('EoG Workbench: explain incidents from captured snapshots (Explanations over Graphs).')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerConvert(program);
  registerImport(program);
  registerInvestigate(program);
  registerBench(program);
  registerServe(program);
  registerExport(program);
  registerGenerate(program);
  return program;
}

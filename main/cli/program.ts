import type { Command } from 'commander';
import { newProgram } from './commands.js';
import { registerBench } from './commands/bench.js';
import { registerCases } from './commands/cases.js';
import { registerCode } from './commands/code.js';
import { registerConvert } from './commands/convert.js';
import { registerExport } from './commands/export.js';
import { registerGenerate } from './commands/generate.js';
import { registerImport } from './commands/import.js';
import { registerInvestigate } from './commands/investigate.js';
import { registerServe } from './commands/serve.js';

/**
 * Every subcommand loaded at once, for tests that drive several commands through one
 * program; the `eog` binary loads only the one it runs (commands.ts, buildProgramFor).
 */
export function buildProgram(): Command {
  const program = newProgram();
  for (const register of [
    registerConvert,
    registerImport,
    registerInvestigate,
    registerBench,
    registerServe,
    registerExport,
    registerGenerate,
    registerCode,
    registerCases,
  ])
    register(program);
  return program;
}

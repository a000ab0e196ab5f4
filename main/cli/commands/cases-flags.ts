import type { Command } from 'commander';
import { CaseLibrary, defaultCasesFile } from '../../cases/index.js';

export interface CasesFlags {
  /** A file, or false for `--no-cases`. */
  cases?: string | false;
  casePrior?: boolean;
}

/**
 * `--cases FILE` and `--no-cases` (docs/cases.md). `byDefault`: without either flag the user's
 * library (`defaultCasesFile`) is used (investigate, serve); otherwise none (bench, which measures).
 */
export function addCasesOptions(command: Command, byDefault: boolean, hasPrior = true): Command {
  const where = byDefault ? `default ${defaultCasesFile()}` : 'default: none';
  command
    .option('--cases <file>', `case library: finished investigations are kept in it and similar past cases come from it (${where})`)
    .option('--no-cases', 'no case library');
  return hasPrior
    ? command.option(
        '--case-prior',
        "give the policy the similar cases' prior: one line in each packet, its root looked at first; never evidence (docs/cases.md §4)",
      )
    : command;
}

/** The controller setting `--case-prior` turns on; absent when off, so recorded settings stay as they were. */
export function casePriorSetting(flags: CasesFlags): { casePrior?: true } {
  return flags.casePrior ? { casePrior: true } : {};
}

/** The library file the flags name, or null for none. */
export function casesFileFrom(flags: CasesFlags, byDefault: boolean, env: NodeJS.ProcessEnv = process.env): string | null {
  if (flags.cases === false) return null;
  if (typeof flags.cases === 'string') return flags.cases;
  return byDefault ? defaultCasesFile(env) : null;
}

/** Opens the library the flags name (created if missing), or null. */
export function openCasesFrom(flags: CasesFlags, byDefault: boolean): CaseLibrary | null {
  const file = casesFileFrom(flags, byDefault);
  return file === null ? null : CaseLibrary.open(file);
}

import type { Command } from 'commander';
import { CaseLibrary, defaultCasesFile } from '../../cases/index.js';

export interface CasesFlags {
  /** A file, or false for `--no-cases`. */
  cases?: string | false;
}

/**
 * `--cases FILE` and `--no-cases` (docs/cases.md). `byDefault`: without either flag the user's
 * library (`defaultCasesFile`) is used (investigate, serve); otherwise none (bench, which measures).
 */
export function addCasesOptions(command: Command, byDefault: boolean): Command {
  const where = byDefault ? `default ${defaultCasesFile()}` : 'default: none';
  return command
    .option('--cases <file>', `case library: finished investigations are kept in it and similar past cases come from it (${where})`)
    .option('--no-cases', 'no case library');
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

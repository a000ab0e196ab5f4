/** The dataset flags `bench:accuracy` and `bench:guard` share. */
import { parseArgs } from 'node:util';
import type { SystemSource } from './run-cases.js';
import { SYSTEMS } from './split.js';

export class UsageError extends Error {
  override name = 'UsageError';
}

export const DATASET_USAGE =
  '--nezha-tt <root> --nezha-ob <root> --lab <incidents dir> [--bundles-tt <dir> --bundles-ob <dir> --bundles-lab <dir> to skip the conversion] [--no-time]';

/** The dataset flag naming a system's source: `--nezha-tt`, `--nezha-ob`, `--lab`. */
const ROOT_FLAG = { tt: 'nezha-tt', ob: 'nezha-ob', lab: 'lab' } as const;

type Flag = { type: 'boolean' } | { type: 'string' };

/**
 * Parses `argv` with the dataset flags and `extra`; at least one system must be given.
 * `timeGiven` is false with `--no-time`: every system is converted (or its bundles must have
 * been converted) without the incident time and without a baseline cut from the fault list.
 */
export function parseDatasetArgs<T extends Record<string, Flag>>(
  argv: readonly string[],
  extra: T,
): { sources: SystemSource[]; timeGiven: boolean; values: Record<string, string | boolean | undefined> } {
  const { values } = usage(() =>
    parseArgs({
      args: [...argv],
      options: {
        'nezha-tt': { type: 'string' },
        'nezha-ob': { type: 'string' },
        'bundles-tt': { type: 'string' },
        'bundles-ob': { type: 'string' },
        lab: { type: 'string' },
        'bundles-lab': { type: 'string' },
        'no-time': { type: 'boolean' },
        ...extra,
      },
      strict: true,
    }),
  );
  const text = (name: string): string | undefined => {
    const v = (values as Record<string, unknown>)[name];
    return typeof v === 'string' ? v : undefined;
  };
  const sources: SystemSource[] = [];
  for (const system of SYSTEMS) {
    const root = text(ROOT_FLAG[system]);
    const bundles = text(`bundles-${system}`);
    // Converted bundles stand in for the root; either alone names the system.
    if (bundles !== undefined) sources.push({ system, bundles });
    else if (root !== undefined) sources.push({ system, root });
  }
  if (sources.length === 0) throw new UsageError(`give at least one dataset: ${DATASET_USAGE}`);
  const timeGiven = (values as Record<string, unknown>)['no-time'] !== true;
  return { sources, timeGiven, values: values as Record<string, string | boolean | undefined> };
}

/** parseArgs' own errors (an unknown flag, a missing value) are usage errors too. */
function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** One status line on a terminal (rewritten in place); nothing when stderr is a file or a pipe. */
export function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\u001b[K${text}`);
}

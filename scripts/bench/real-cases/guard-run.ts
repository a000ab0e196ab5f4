/** `npm run bench:guard` without the command line: runs the real cases and compares their ranks with guard.json. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { compareGuard, formatVerdict, updatedGuard, type GuardEntry, type GuardFile, type GuardVerdict } from './guard.js';
import { openSystems, runAll, type SystemSource } from './run-cases.js';
import { partOf, readSplit } from './split.js';

export const GUARD_FILE = fileURLToPath(new URL('guard.json', import.meta.url));

export interface GuardOptions {
  sources: readonly SystemSource[];
  /** false: the "window only" way (`--no-time`), compared with the window-only entries. Default true. */
  timeGiven?: boolean;
  /** Rewrite the file with the ranks of this run instead of failing on a worse one. */
  update?: boolean;
  file?: string;
  /** Heuristic rules switched off (to see what the guard would say without them; the tests plant a regression this way). */
  disabledRules?: readonly string[];
  onProgress?: (text: string) => void;
}

export interface GuardOutcome {
  exitCode: 0 | 1;
  verdict: GuardVerdict;
  lines: string[];
}

export function readGuard(file: string): GuardFile {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as GuardFile) : { about: '', cases: [] };
}

export async function runGuard(options: GuardOptions): Promise<GuardOutcome> {
  const file = options.file ?? GUARD_FILE;
  const recorded = readGuard(file).cases;
  const timeGiven = options.timeGiven !== false;
  const split = readSplit();
  const { systems, cleanup } = await openSystems(options.sources, {
    timeGiven,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  let current: GuardEntry[];
  try {
    const cases = await runAll(systems, split, {
      ...(options.disabledRules ? { disabledRules: options.disabledRules } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    current = cases.map((c) => ({
      ...(timeGiven ? {} : { mode: 'window-only' as const }),
      system: c.system,
      case: c.case,
      expected: c.expected,
      rank: c.rank,
    }));
  } finally {
    cleanup();
  }
  // Rules are chosen on the development cases: only theirs gate (and a case the split does not list).
  const verdict = compareGuard(recorded, current, (e) => partOf(split, e.system, e.case) !== 'val');
  const lines = formatVerdict(verdict);
  if (!options.update) return { exitCode: verdict.ok ? 0 : 1, verdict, lines };
  const next = updatedGuard(recorded, current);
  const text = await format(JSON.stringify(next), { ...((await resolveConfig(file)) ?? {}), filepath: file });
  writeFileSync(file, text);
  return { exitCode: 0, verdict, lines: [...lines.slice(0, -1), `recorded ${current.length} case(s) in ${file}`] };
}

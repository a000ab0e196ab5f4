/**
 * The case library, leave-one-out over both real datasets (docs/cases.md §5):
 *
 *   npm run bench:cases -- --nezha-tt <root> --nezha-ob <root> [--bundles-tt <dir> --bundles-ob <dir>] [--write]
 *
 * 1. Every case is investigated once with `eog bench`'s defaults and kept in a fresh library
 *    (what was found then, as a team's library would hold it).
 * 2. For each case, its most similar case among all the others of both systems (the library
 *    without it): how often that case has the same fault type, per system and part.
 * 3. Every case again with the prior on (`--case-prior`), against the library frozen, each case
 *    never its own match: AC@1 per part with and without the prior.
 *
 * --write puts the figures in BENCHMARKS.md ("Case library").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CaseLibrary } from '../../../main/cases/index.js';
import { DATASET_USAGE, parseDatasetArgs, progress, UsageError } from './args.js';
import { openSystems, runAll, type CaseResult } from './run-cases.js';
import { readSplit, SYSTEM_NAMES, SYSTEMS, type Part } from './split.js';
import { writeBenchmarksRegion } from '../write-doc.js';

interface Match {
  system: string;
  case: string;
  part: Part | null;
  faultType: string | null;
  nearest: string | null;
  nearestType: string | null;
  score: number;
}

/**
 * A fault type's class: the two CPU mechanisms of the OnlineBoutique capture (a process burning
 * CPU in the container, a stress process contending for it) are one resource fault to an analyst.
 */
const classOf = (type: string | null): string | null => (type?.startsWith('cpu_') ? 'cpu' : type);

const pct = (n: number, d: number): string => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);

async function main(): Promise<void> {
  const { sources, timeGiven, values } = parseDatasetArgs(process.argv.slice(2), { write: { type: 'boolean' } });
  const dir = mkdtempSync(path.join(tmpdir(), 'eog-cases-loo-'));
  const { systems, cleanup } = await openSystems(sources, { timeGiven });
  try {
    const split = readSplit();
    const library = CaseLibrary.open(path.join(dir, 'cases.sqlite'));
    const base = await runAll(systems, split, { cases: library, onProgress: progress });
    library.close();
    const frozen = CaseLibrary.open(path.join(dir, 'cases.sqlite'), { frozen: true });
    // Case names are the bundles' names, unique across both systems (`<day>-fNN`).
    const records = new Map(frozen.list().map((r) => [r.case, r]));
    const typeOf = new Map(base.map((c) => [c.case, c.faultType]));
    const matches: Match[] = base.map((c) => {
      const own = records.get(c.case);
      const nearest = own ? (frozen.similar(own.fingerprint, { k: 1, exclude: c.case })[0] ?? null) : null;
      return {
        system: c.system,
        case: c.case,
        part: c.part,
        faultType: c.faultType,
        nearest: nearest?.case ?? null,
        nearestType: nearest ? (typeOf.get(nearest.case) ?? null) : null,
        score: nearest?.score ?? 0,
      };
    });
    const withPrior = await runAll(systems, split, { cases: frozen, casePrior: true, onProgress: progress });
    frozen.close();
    progress('');
    const text = report(matches, base, withPrior);
    process.stdout.write(`${text}\n`);
    if (values.write) process.stderr.write(`wrote the cases region of ${await writeBenchmarksRegion('cases', text)}\n`);
  } finally {
    cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

function sameCells(matches: readonly Match[]): string {
  const type = matches.filter((m) => m.nearestType !== null && m.nearestType === m.faultType).length;
  const cls = matches.filter((m) => m.nearestType !== null && classOf(m.nearestType) === classOf(m.faultType)).length;
  return `${type} (${pct(type, matches.length)}) | ${cls} (${pct(cls, matches.length)})`;
}

function report(matches: readonly Match[], base: readonly CaseResult[], withPrior: readonly CaseResult[]): string {
  const lines = [
    'Leave-one-out over both real datasets (`npm run bench:cases -- --nezha-tt <root> --nezha-ob <root>`): each case is compared with every other case of both systems, as a team library holding them would be.',
    '',
    '| system | part | cases | most similar case has the same fault type | … the same fault class (CPU mechanisms one class) |',
    '|---|---|---|---|---|',
  ];
  for (const system of SYSTEMS) {
    for (const part of ['dev', 'val', null] as const) {
      const inPart = matches.filter((m) => m.system === system && (part === null || m.part === part));
      if (inPart.length === 0) continue;
      lines.push(`| ${SYSTEM_NAMES[system]} | ${part ?? 'all'} | ${inPart.length} | ${sameCells(inPart)} |`);
    }
  }
  lines.push(`| both | all | ${matches.length} | ${sameCells(matches)} |`);
  lines.push(
    '',
    'The prior (`--case-prior`; docs/cases.md §4), AC@1 with and without it:',
    '',
    '| system | part | without | with |',
    '|---|---|---|---|',
  );
  for (const system of SYSTEMS) {
    for (const part of ['dev', 'val'] as const) {
      const a = base.filter((c) => c.system === system && c.part === part);
      const b = withPrior.filter((c) => c.system === system && c.part === part);
      if (a.length === 0) continue;
      const right = (cs: readonly CaseResult[]): number => cs.filter((c) => c.ac1).length;
      lines.push(
        `| ${SYSTEM_NAMES[system]} | ${part} | ${right(a)}/${a.length} (${pct(right(a), a.length)}) | ${right(b)}/${b.length} (${pct(right(b), b.length)}) |`,
      );
    }
  }
  const changed = base.flatMap((c) => {
    const p = withPrior.find((w) => w.system === c.system && w.case === c.case);
    return p && p.ac1 !== c.ac1 ? [`${SYSTEM_NAMES[c.system]} ${c.case}: ${c.ac1 ? 'right' : 'wrong'} → ${p.ac1 ? 'right' : 'wrong'}`] : [];
  });
  lines.push('', changed.length > 0 ? `Cases the prior changed: ${changed.join('; ')}.` : 'The prior changed no case at 1.');
  const misses = matches.filter((m) => m.nearestType !== m.faultType);
  lines.push(
    '',
    `Nearest of another fault type: ${misses.map((m) => `${m.case} (${m.faultType ?? '?'}) → ${m.nearest ?? 'none'} (${m.nearestType ?? '?'})`).join('; ') || 'none'}.`,
  );
  return lines.join('\n');
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\nusage: npm run bench:cases -- ${DATASET_USAGE} [--write]\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * The CLI as users run it (not a test):
 *   npx tsx scripts/bench/import-ratio.ts [--rows 1000000] [--services 200] [--runs 3] [--starts 10] [--investigations 1] [--write]
 * (--write replaces its section, 1b, in BENCHMARKS.md; `npm run bench` writes it with the rest)
 * Builds dist/main, generates a native bundle (`eog generate`: metrics, logs and spans over
 * the services), then times, each spawned and end to end, a bare JSON.parse of every line of
 * its record files (bare-parse.mjs) and `node dist/main/cli.js import <bundle> --store <tmp>`,
 * alternating the two so that load from other users falls on both alike. Target: the import
 * takes at most 3x the bare parse. `eog import` leaves the derived signals to the store's
 * first reader, so it also times where that cost went: import then `eog investigate <store>`
 * twice, deferred and with `--signals now`. Also times start-up to `eog --help`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateIncident } from '../../main/generate/index.js';
import { describeMachine } from './machine.js';
import {
  IMPORT_RATIO_TARGET,
  type ImportRatioFigures,
  type ImportRatioOptions,
  type InvestigateFigures,
  type StepTime,
} from './import-ratio-figures.js';
import { importRatioSection } from './report.js';
import { replaceBenchSubsection } from './section.js';
import { median } from './stats.js';
import { writeBenchmarksDocument } from './write-doc.js';
import { timeNode, type ChildTiming } from './timed-child.js';

export { IMPORT_RATIO_TARGET, type ImportRatioFigures, type ImportRatioOptions } from './import-ratio-figures.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(root, 'dist', 'main', 'cli.js');
const BARE_PARSE = join(root, 'scripts', 'bench', 'bare-parse.mjs');

export class BuildFailedError extends Error {
  override name = 'BuildFailedError';
  constructor(status: number | null) {
    super(`npm run build:main exited with ${status}; fix the build (run it alone to see why), then rerun the benchmark`);
  }
}

function buildCli(): void {
  const out = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-main.ts')], { cwd: root, stdio: 'inherit' });
  if (out.status !== 0) throw new BuildFailedError(out.status);
}

const cpuSeconds = (runs: readonly ChildTiming[]): number | null =>
  runs.every((r) => r.cpuMs !== null) ? median(runs.map((r) => r.cpuMs ?? 0)) / 1000 : null;

const stepTime = (runs: readonly ChildTiming[]): StepTime => ({
  wallSeconds: median(runs.map((r) => r.wallMs)) / 1000,
  cpuSeconds: cpuSeconds(runs),
});

/**
 * Where the signals' cost went: `eog import` (deferred) then `eog investigate <store>` twice
 * (the first derives the signals), against `eog import --signals now` then the same two.
 */
function timeInvestigations(bundle: string, dir: string, rounds: number, log: (line: string) => void): InvestigateFigures {
  const runs = { deferred: [[], [], []] as ChildTiming[][], now: [[], [], []] as ChildTiming[][] };
  for (let i = 0; i < rounds; i++) {
    for (const mode of ['now', 'deferred'] as const) {
      const store = join(dir, `investigate-${mode}.sqlite`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(store + suffix, { force: true });
      const signals = mode === 'now' ? ['--signals', 'now'] : [];
      const steps = [
        timeNode([CLI, 'import', bundle, '--store', store, ...signals], root),
        timeNode([CLI, 'investigate', store, '--out', join(dir, `d-${mode}-1.json`)], root),
        timeNode([CLI, 'investigate', store, '--out', join(dir, `d-${mode}-2.json`)], root),
      ];
      steps.forEach((t, k) => runs[mode][k]?.push(t));
      const walls = steps.map((t) => `${(t.wallMs / 1000).toFixed(2)} s`).join(', ');
      log(`import-ratio: ${mode === 'now' ? 'import --signals now' : 'import (deferred)'}, investigate, investigate: ${walls}`);
    }
    if (readFileSync(join(dir, 'd-now-1.json'), 'utf8') !== readFileSync(join(dir, 'd-deferred-1.json'), 'utf8')) {
      throw new Error('the diagnosis of a store whose signals were deferred differs from one derived at import');
    }
  }
  const of = (r: ChildTiming[][]): { importTime: StepTime; first: StepTime; second: StepTime } => ({
    importTime: stepTime(r[0] ?? []),
    first: stepTime(r[1] ?? []),
    second: stepTime(r[2] ?? []),
  });
  return { rounds, deferred: of(runs.deferred), now: of(runs.now) };
}

function timeStarts(args: readonly string[], count: number): number {
  return median(Array.from({ length: count }, () => timeNode(args, root).wallMs));
}

/** Generates the bundle in a temp dir, times both commands `runs` times each, cleans up. */
export async function benchImportRatio(options: ImportRatioOptions): Promise<ImportRatioFigures> {
  const log = options.log ?? (() => undefined);
  buildCli();
  const dir = mkdtempSync(join(tmpdir(), 'eog-bench-ratio-'));
  try {
    const bundle = join(dir, 'bundle');
    const generated = await generateIncident(bundle, { fault: 'config_change', seed: 1, services: options.services, rows: options.rows });
    const rows = Object.values(generated.records).reduce((a, b) => a + b, 0);
    log(`import-ratio: generated ${rows} records, ${generated.services} services, ${(generated.bytes / 1024 ** 2).toFixed(0)} MiB`);
    const store = join(dir, 'store.sqlite');
    const parses: ChildTiming[] = [];
    const imports: ChildTiming[] = [];
    for (let i = 0; i < options.runs; i++) {
      const parse = timeNode([BARE_PARSE, bundle], root);
      if (Number(parse.stdout.trim()) !== rows) throw new Error(`bare-parse.mjs parsed ${parse.stdout.trim()} lines, expected ${rows}`);
      parses.push(parse);
      rmSync(store, { force: true });
      const imported = timeNode([CLI, 'import', bundle, '--store', store], root);
      imports.push(imported);
      const cpu = (t: ChildTiming): string => (t.cpuMs === null ? '' : `, CPU ${(t.cpuMs / 1000).toFixed(1)} s`);
      log(
        `import-ratio: run ${i + 1}/${options.runs}: parse ${(parse.wallMs / 1000).toFixed(2)} s${cpu(parse)} (load ${parse.loadBefore.toFixed(1)}), ` +
          `import ${(imported.wallMs / 1000).toFixed(2)} s${cpu(imported)} (load ${imported.loadBefore.toFixed(1)}), ratio ${(imported.wallMs / parse.wallMs).toFixed(2)}`,
      );
    }
    const investigate = options.investigations > 0 ? timeInvestigations(bundle, dir, options.investigations, log) : null;
    const startBuiltMs = timeStarts([CLI, '--help'], options.starts);
    const startSourcesMs = timeStarts(['--import', 'tsx', join(root, 'main', 'cli', 'main.ts'), '--help'], options.starts);
    log(`import-ratio: eog --help ${startBuiltMs.toFixed(0)} ms built, ${startSourcesMs.toFixed(0)} ms from sources (tsx)`);
    const parseSeconds = median(parses.map((r) => r.wallMs)) / 1000;
    const importSeconds = median(imports.map((r) => r.wallMs)) / 1000;
    return {
      requestedRows: options.rows,
      rows,
      services: generated.services,
      entities: generated.entities,
      bundleMiB: generated.bytes / 1024 ** 2,
      runs: options.runs,
      parseSeconds,
      importSeconds,
      ratio: importSeconds / parseSeconds,
      parseCpuSeconds: cpuSeconds(parses),
      importCpuSeconds: cpuSeconds(imports),
      loadBeforeRuns: [...parses, ...imports].map((r) => r.loadBefore),
      starts: options.starts,
      startBuiltMs,
      startSourcesMs,
      investigate,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      services: { type: 'string', default: '200' },
      runs: { type: 'string', default: '3' },
      starts: { type: 'string', default: '10' },
      investigations: { type: 'string', default: '1' },
      write: { type: 'boolean', default: false },
    },
  });
  const machine = describeMachine();
  const f = await benchImportRatio({
    rows: Number(values.rows),
    services: Number(values.services),
    runs: Number(values.runs),
    starts: Number(values.starts),
    investigations: Number(values.investigations),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const cpu =
    f.parseCpuSeconds !== null && f.importCpuSeconds !== null
      ? `; CPU ${f.parseCpuSeconds.toFixed(2)} s vs ${f.importCpuSeconds.toFixed(2)} s`
      : '';
  process.stdout.write(
    `${f.rows} records (${f.services} services): bare JSON.parse ${f.parseSeconds.toFixed(2)} s, eog import ${f.importSeconds.toFixed(2)} s, ` +
      `ratio ${f.ratio.toFixed(2)} (target <= ${IMPORT_RATIO_TARGET})${cpu}; eog --help ${f.startBuiltMs.toFixed(0)} ms (tsx: ${f.startSourcesMs.toFixed(0)} ms)\n`,
  );
  if (values.write) {
    const file = join(root, 'BENCHMARKS.md');
    await writeBenchmarksDocument(
      file,
      replaceBenchSubsection(readFileSync(file, 'utf8'), '### 1b.', importRatioSection(f, machine), '### 2.'),
    );
    process.stderr.write(`wrote section 1b of ${file}\n`);
  }
}

const isEntryPoint = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) await main();

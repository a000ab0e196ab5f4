/**
 * `eog import --store chdb:` against the engine alone, side by side in one run on the same
 * bundle (issue #35): the command as users run it, spawned and timed end to end, alternated
 * with clickhouse-ceiling.ts (chdb inserting the bundle's three record files into plain
 * MergeTree tables) so that load from other jobs falls on both alike; medians over the runs.
 * Also the peak RSS of each, of the import over HTTP into a ClickHouse server process (the
 * workbench process alone), and of the first `eog investigate` of the chdb store, which
 * derives the signals the import left to it.
 *
 *   npx tsx scripts/bench/clickhouse-ratio.ts [--rows 1000000,5000000,20000000] [--work DIR] [--runs 3] [--engine-memory fast|low] [--write]
 *
 * --engine-memory low runs `eog` with that flag and the engine alone with the same allocator
 * options (the mode is the engine's, so both sides get it). --write replaces section 6b of
 * BENCHMARKS.md (6c for low). Bundles are generated into --work (kept and
 * reused): 20M rows need about 5 GB there, and the stores as much again.
 */
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchSetup,
  countRows,
  eog,
  generatedBundle,
  measureCeiling,
  PASSWORD,
  PASSWORD_ENV,
  ROOT,
  startFront,
  type Ceiling,
  type Run,
} from './clickhouse-procs.js';
import {
  CHDB_MALLOC_CONF_ENV,
  LOW_MEMORY_MALLOC_CONF,
  parseEngineMemory,
  type EngineMemory,
} from '../../main/store/clickhouse/chdb-runner.js';
import { describeMachine } from './machine.js';
import { replaceBenchSubsection } from './section.js';
import { median } from './stats.js';
import { writeBenchmarksDocument } from './write-doc.js';

/** The target: the import takes at most this many times the engine alone. */
export const CH_RATIO_TARGET = 3;
/** Peak RSS the import may reach on either ClickHouse road, at every size. */
export const CH_IMPORT_RSS_TARGET_MB = 500;

interface Size {
  rows: number;
  /** 1-minute load average before each pair. */
  loads: number[];
  ceilings: Ceiling[];
  imports: Run[];
  /** Time inside the engine's INSERTs, per import. */
  engineMs: number[];
  server: Run;
  firstInvestigate: Run;
  frontier: string;
}

/** The allocator options of each mode, for the engine-alone process (eog sets them from its flag). */
function engineEnv(mode: EngineMemory): NodeJS.ProcessEnv {
  return mode === 'low' ? { [CHDB_MALLOC_CONF_ENV]: LOW_MEMORY_MALLOC_CONF } : {};
}

function measureSize(bundle: string, rows: number, runs: number, work: string, mode: EngineMemory): Promise<Size> {
  const store = join(work, `ratio-chdb-${rows}`);
  const size: Omit<Size, 'server' | 'firstInvestigate' | 'frontier'> = { rows, loads: [], ceilings: [], imports: [], engineMs: [] };
  for (let i = 0; i < runs; i++) {
    size.loads.push(loadavg()[0] ?? 0);
    process.stderr.write(`${rows.toLocaleString('en')} rows, run ${i + 1}/${runs} (load ${(size.loads.at(-1) ?? 0).toFixed(1)})\n`);
    // Alternate which goes first, so a burst of load from elsewhere does not always land on one.
    const pair = [() => size.ceilings.push(measureCeiling(bundle, work, engineEnv(mode))), () => importChdb(bundle, store, size, mode)];
    for (const step of i % 2 === 0 ? pair : pair.reverse()) step();
  }
  const out = join(work, 'ratio-diagnosis.json');
  const firstInvestigate = eog(['investigate', `chdb:${store}`, '--no-cases', '--engine-memory', mode, '--out', out]);
  const frontier = (JSON.parse(readFileSync(out, 'utf8')) as { frontier: string[] }).frontier.join(', ');
  rmSync(store, { recursive: true, force: true });
  return importServer(bundle, join(work, `ratio-server-${rows}`)).then((server) => ({ ...size, server, firstInvestigate, frontier }));
}

function importChdb(bundle: string, store: string, size: Pick<Size, 'imports' | 'engineMs'>, mode: EngineMemory): void {
  rmSync(store, { recursive: true, force: true });
  const run = eog(['import', bundle, '--store', `chdb:${store}`, '--engine-memory', mode, '--json']);
  size.imports.push(run);
  size.engineMs.push((JSON.parse(run.stdout) as { clickhouse: { ms: number } }).clickhouse.ms);
}

async function importServer(bundle: string, dir: string): Promise<Run> {
  rmSync(dir, { recursive: true, force: true });
  const front = await startFront(dir);
  try {
    const url = `clickhouse://default@127.0.0.1:${front.port}/eog`;
    return eog(['import', bundle, '--store', url, '--store-password-env', PASSWORD_ENV, '--json'], { [PASSWORD_ENV]: PASSWORD });
  } finally {
    front.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 1): string => n.toFixed(digits);

/** The subsection each mode writes. */
const HEADINGS: Readonly<Record<EngineMemory, string>> = {
  fast: '### 6b. ClickHouse import against the engine alone (issue #35)',
  low: '### 6c. The same with `--engine-memory low` (issue #35)',
};

function section(sizes: readonly Size[], runs: number, args: string, mode: EngineMemory): string {
  const machine = describeMachine();
  const lines = [
    HEADINGS[mode],
    '',
    ...(mode === 'low'
      ? [
          `As 6b, with the embedded engine giving freed memory back at once: \`eog import … --engine-memory low\`, and the engine alone run with the same allocator options (\`${CHDB_MALLOC_CONF_ENV}=${LOW_MEMORY_MALLOC_CONF}\`), since the mode is the engine's (docs/clickhouse.md, "Engine memory").`,
          '',
        ]
      : []),
    `Command: \`npx tsx scripts/bench/clickhouse-ratio.ts ${args} --runs ${runs} --write\` (\`npm run bench:clickhouse-ratio -- …\`)`,
    '',
    `Measured on ${machine.date}: ${machine.cpuModel}, ${machine.cpuCount} CPUs, ${machine.memoryGiB.toFixed(0)} GiB; Node ${machine.node}; load average at the end ${machine.loadAverage.toFixed(1)}.`,
    '',
    `Same generated bundle (\`eog generate --fault config_change --rows N\`), one run: **engine alone** is chdb inserting the bundle's spans, logs and metrics files into plain MergeTree tables of the files' own columns (no sort key, codec or index; no checks, mapping or line scan; default settings), timed inside its INSERTs; **eog import** is the whole command \`eog import <bundle> --store chdb:<dir>\` as users run it, from spawn to exit (start-up, checks, entity mapping, line hashes and counts, the exporter's tables and the catalog); it writes the records only and leaves the signals to the store's first reader. The two alternate, ${runs} runs each; times are medians, peak RSS the largest of the runs. **over HTTP** is the same import into a ClickHouse server process (the test-only HTTP front on chdb): the workbench process's peak RSS. **1st investigate** derives and stores the signals in SQL, then investigates (heuristic policy). Targets: ratio ≤ ${CH_RATIO_TARGET}×; import peak RSS ≤ ${CH_IMPORT_RSS_TARGET_MB} MB on both roads at every size.`,
    '',
    '| rows in bundle | load | engine alone (s) | engine alone peak RSS (MB) | eog import chdb (s) | of which in the engine (s) | ratio | status | import peak RSS chdb (MB) | import peak RSS over HTTP (MB) | 1st investigate (s) | 1st investigate peak RSS (MB) | frontier |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const s of sizes) {
    const alone = median(s.ceilings.map((c) => c.ms)) / 1000;
    const imported = median(s.imports.map((r) => r.wallS));
    const ratio = imported / alone;
    const rss = Math.max(...s.imports.map((r) => r.rssMb));
    const status = ratio <= CH_RATIO_TARGET ? 'pass' : 'FAIL';
    lines.push(
      `| ${s.rows.toLocaleString('en')} | ${fmt(median(s.loads))} | ${fmt(alone, 2)} | ${Math.round(Math.max(...s.ceilings.map((c) => c.rssMb)))} | ${fmt(imported, 2)} | ${fmt(median(s.engineMs) / 1000, 2)} | ${fmt(ratio, 2)}× | ${status} | ${Math.round(rss)} | ${Math.round(s.server.rssMb)} | ${fmt(s.firstInvestigate.wallS, 2)} | ${Math.round(s.firstInvestigate.rssMb)} | ${s.frontier} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values, work, runs } = benchSetup(process.argv.slice(2), '1000000', { engineMemory: true });
  const mode = parseEngineMemory(values.engineMemory ?? 'fast', '--engine-memory');
  const args = `--rows ${values.rows}${mode === 'low' ? ' --engine-memory low' : ''}`;
  const sizes: Size[] = [];
  for (const n of values.rows.split(',').map(Number)) {
    const dir = generatedBundle(work, n);
    sizes.push(await measureSize(dir, countRows(dir), runs, work, mode));
    process.stdout.write(`${section(sizes, runs, args, mode)}\n`);
  }
  if (values.write) {
    const file = join(ROOT, 'BENCHMARKS.md');
    const body = section(sizes, runs, args, mode);
    const heading = HEADINGS[mode].slice(0, HEADINGS[mode].indexOf('.') + 1);
    await writeBenchmarksDocument(file, replaceBenchSubsection(readFileSync(file, 'utf8'), heading, body, '## Accuracy'));
  }
}

await main();

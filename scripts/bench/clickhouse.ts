/**
 * The ClickHouse evidence store beside the SQLite one, on the commands users run: for each
 * bundle size, `eog import` into SQLite, into chdb (ClickHouse embedded) and into a ClickHouse
 * server over HTTP, then `eog investigate` on each store. Every command is its own process,
 * timed and measured (peak RSS) by /usr/bin/time. The server is the test-only HTTP front on
 * chdb (main/store/clickhouse/testing), in its own process: the workbench's own memory is
 * what the clickhouse:// rows show.
 *
 *   npx tsx scripts/bench/clickhouse.ts --rows 5000000,20000000 --work /big/disk [--bundle DIR] [--runs 3] [--write]
 *
 * --rows: bundle sizes to generate (kept in --work and reused); --bundle: measure an existing
 * bundle instead; --runs: investigations per store (median); --write: replace section 6 of
 * BENCHMARKS.md.
 */
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
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
import { describeMachine } from './machine.js';
import { replaceBenchSubsection } from './section.js';
import { median } from './stats.js';
import { writeBenchmarksDocument } from './write-doc.js';

interface StoreRow {
  store: string;
  importS: number;
  importRssMb: number;
  ingest: { rows: number; ms: number } | null;
  /** Seconds ClickHouse spent deriving the signals in SQL at the end of the import. */
  signalsS: number | null;
  /** The first investigation (it derives the signals the import left to the store's first reader). */
  firstS: number;
  firstRssMb: number;
  /** Median of the later ones (equal to the first when there is one run). */
  investigateS: number;
  investigateRssMb: number;
  frontier: string;
  /** 1-minute load average when the import started. */
  load: number;
}

function measureStore(label: string, bundle: string, spec: string, runs: number, work: string, env: NodeJS.ProcessEnv = {}): StoreRow {
  const extra = spec.startsWith('clickhouse://') ? ['--store-password-env', PASSWORD_ENV] : [];
  const load = loadavg()[0] ?? 0;
  process.stderr.write(`${label}: import (load ${load.toFixed(1)})\n`);
  const imported = eog(['import', bundle, '--store', spec, ...extra, '--json'], env);
  const summary = JSON.parse(imported.stdout) as { clickhouse?: { rows: number; ms: number }; signalsMs?: number };
  const investigations: Run[] = [];
  const out = join(work, 'diagnosis.json');
  for (let i = 0; i < runs; i++) investigations.push(eog(['investigate', spec, ...extra, '--out', out], env));
  const diagnosis = JSON.parse(readFileSync(out, 'utf8')) as { frontier: string[]; outcome: string };
  const later = investigations.length > 1 ? investigations.slice(1) : investigations;
  return {
    store: label,
    importS: imported.wallS,
    importRssMb: imported.rssMb,
    ingest: summary.clickhouse ?? null,
    signalsS: summary.signalsMs === undefined ? null : summary.signalsMs / 1000,
    firstS: investigations[0]?.wallS ?? 0,
    firstRssMb: investigations[0]?.rssMb ?? 0,
    investigateS: median(later.map((m) => m.wallS)),
    investigateRssMb: median(later.map((m) => m.rssMb)),
    frontier: `${diagnosis.outcome}: ${diagnosis.frontier.join(', ')}`,
    load,
  };
}

/** The HTTP front on chdb in its own process; resolves with its port. */

interface Measured {
  rows: number;
  results: StoreRow[];
  ceiling: Ceiling;
}

async function measureBundle(bundle: string, rows: number, runs: number, work: string): Promise<Measured> {
  const results: StoreRow[] = [];
  const ceiling = measureCeiling(bundle, work);
  const sqlite = join(work, `store-${rows}.sqlite`);
  const chdb = join(work, `chdb-${rows}`);
  const server = join(work, `server-${rows}`);
  for (const p of [sqlite, chdb, server]) rmSync(p, { recursive: true, force: true });
  results.push(measureStore('SQLite', bundle, `sqlite:${sqlite}`, runs, work));
  rmSync(sqlite, { force: true });
  results.push(measureStore('chdb (embedded)', bundle, `chdb:${chdb}`, runs, work));
  rmSync(chdb, { recursive: true, force: true });
  const front = await startFront(server);
  try {
    const url = `clickhouse://default@127.0.0.1:${front.port}/eog`;
    results.push(measureStore('clickhouse:// (server process)', bundle, url, runs, work, { [PASSWORD_ENV]: PASSWORD }));
  } finally {
    front.stop();
  }
  rmSync(server, { recursive: true, force: true });
  return { rows, results, ceiling };
}

function section(measured: Measured[], runs: number, sizes: string): string {
  const machine = describeMachine();
  const lines = [
    '### 6. ClickHouse evidence store: SQLite vs chdb vs a ClickHouse server',
    '',
    `Command: \`npx tsx scripts/bench/clickhouse.ts ${sizes} --runs ${runs} --write\``,
    '',
    `Measured on ${machine.date}: ${machine.cpuModel}, ${machine.cpuCount} CPUs, ${machine.memoryGiB.toFixed(0)} GiB; Node ${machine.node}. Load average at the end: ${machine.loadAverage.toFixed(1)} (a machine shared with other jobs: absolute times are slow, the comparison is what counts).`,
    '',
    'Each cell is one `eog` process timed by `/usr/bin/time` (wall, peak RSS). Import: `eog import <bundle> --store <spec>`: reading, validation, entity mapping and derived signals; for ClickHouse the engine reads the span and log files itself, the record reader sends the rest in TSV blocks, and the signals are derived in SQL at the end (docs/clickhouse.md). "import rows/s" is the bundle\'s records over the whole command, "ClickHouse write" the time inside the engine\'s INSERTs (parsing and checks included), "signals by SQL" the derivation after them. Investigate: `eog investigate <store>` with the heuristic policy: the first run (for SQLite it derives the signals the import deferred), then the median of the later runs. The server is the test-only ClickHouse HTTP front on chdb in its own process, so the clickhouse:// rows are the workbench process alone. "load" is the 1-minute load average as that import started.',
    '',
    '| rows in bundle | store | load | import (s) | import rows/s | import peak RSS (MB) | ClickHouse write | signals by SQL (s) | 1st investigate (s) | 1st peak RSS (MB) | investigate (s) | investigate peak RSS (MB) | diagnosis |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const m of measured) {
    for (const r of m.results) {
      const ingest = r.ingest
        ? `${r.ingest.rows.toLocaleString('en')} rows in ${(r.ingest.ms / 1000).toFixed(1)} s = ${Math.round((r.ingest.rows * 1000) / r.ingest.ms).toLocaleString('en')} rows/s`
        : '—';
      lines.push(
        `| ${m.rows.toLocaleString('en')} | ${r.store} | ${r.load.toFixed(1)} | ${r.importS.toFixed(1)} | ${Math.round(m.rows / r.importS).toLocaleString('en')} | ${Math.round(r.importRssMb)} | ${ingest} | ${r.signalsS === null ? '—' : r.signalsS.toFixed(1)} | ${r.firstS.toFixed(2)} | ${Math.round(r.firstRssMb)} | ${r.investigateS.toFixed(2)} | ${Math.round(r.investigateRssMb)} | ${r.frontier} |`,
      );
    }
  }
  lines.push(
    '',
    "The engine alone (`scripts/bench/clickhouse-ceiling.ts`): chdb inserting the bundle's spans, logs and metrics files into plain MergeTree tables of their own columns — no sort key, codec or index, no checks, no mapping, no line scan, default settings — against the whole `eog import` into chdb (section 6b alternates the two over several runs):",
    '',
    '| rows in bundle | span + log + metric rows | engine alone (s) | engine alone rows/s | `eog import` chdb rows/s | import / engine alone |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const m of measured) {
    const alone = (m.ceiling.rows * 1000) / m.ceiling.ms;
    const chdb = m.results.find((r) => r.store.startsWith('chdb'));
    const imported = chdb ? m.rows / chdb.importS : 0;
    lines.push(
      `| ${m.rows.toLocaleString('en')} | ${m.ceiling.rows.toLocaleString('en')} | ${(m.ceiling.ms / 1000).toFixed(1)} | ${Math.round(alone).toLocaleString('en')} | ${Math.round(imported).toLocaleString('en')} | ${(imported / alone).toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    'Reading: the workbench process memory is the clickhouse:// column (the engine is another process) and the SQLite one; compare their peak RSS across sizes. The chdb rows include the embedded engine. The ClickHouse import has the engine read the span and log files itself and derives the signals in SQL once the records are in (the SQLite `eog import` defers them to the first investigation); `scripts/bench/clickhouse-ingest.ts <bundle> <dir> --js-signals` reads every record in JavaScript and derives the signals with the collectors on the way instead. Goal of issue #18: ClickHouse write ≥ 1M rows/s on a 5M-row bundle; sizes up to 20M run with `--rows 5000000,20000000` and a `--work` folder with room for them. Analysis: docs/clickhouse.md, "Ingest figures".',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values, work, runs } = benchSetup(process.argv.slice(2), '5000000', { bundle: true });
  const measured: Measured[] = [];
  const given = values.bundle === undefined ? null : resolve(values.bundle);
  const bundles = given ? [given] : values.rows.split(',').map((n) => generatedBundle(work, Number(n)));
  for (const dir of bundles) {
    const rows = countRows(dir);
    process.stderr.write(`measuring ${rows.toLocaleString('en')} rows\n`);
    measured.push(await measureBundle(dir, rows, runs, work));
    process.stdout.write(`${section(measured, runs, given ? `--bundle ${values.bundle}` : `--rows ${values.rows}`)}\n`);
  }
  if (values.write) {
    const file = join(ROOT, 'BENCHMARKS.md');
    await writeBenchmarksDocument(
      file,
      replaceBenchSubsection(
        readFileSync(file, 'utf8'),
        '### 6.',
        section(measured, runs, values.bundle ? `--bundle ${values.bundle}` : `--rows ${values.rows}`),
        '### 7.',
      ),
    );
  }
}

await main();

/**
 * Import benchmark (not a test):
 * `npx tsx scripts/bench/import.ts [--rows N] [--runs K] [--worker auto|always|never]`.
 * Generates a synthetic bundle, imports it K times in a child process (so peak RSS is the
 * importer's alone), then times an entity-in-window query on the store. Prints medians.
 * Targets: >= 300k rows/s, peak RSS < 1 GB, query p95 <= 20 ms.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from '../../main/store/import.js';
import type { WorkerMode } from '../../main/store/ingest/run.js';
import { EvidenceStore } from '../../main/store/index.js';
import { BENCH_SERVICES, generateBundle, serviceId } from './import-gen.js';
import { median, percentile } from './stats.js';

export const IMPORT_TARGETS = { rowsPerSecond: 300_000, peakRssMb: 1024, queryP95Ms: 20 } as const;

export interface ImportBenchOptions {
  rows: number;
  runs: number;
  worker: WorkerMode;
  queries: number;
  log?: (line: string) => void;
}

export interface ImportFigures {
  rows: number;
  runs: number;
  worker: WorkerMode;
  queries: number;
  generateSeconds: number;
  importSeconds: number;
  rowsPerSecond: number;
  /** Wall-clock rates depend on what else the machine runs; CPU time much less so. */
  rowsPerCpuSecond: number;
  loadDuringRuns: number[];
  peakRssMb: number;
  queryP50Ms: number;
  queryP95Ms: number;
}

interface ChildResult {
  rows: number;
  ms: number;
  /** User + system CPU of the whole process (worker thread included). */
  cpuMs: number;
  maxRssMb: number;
  signals: Record<string, number>;
}

export class ImportChildError extends Error {
  override name = 'ImportChildError';
  constructor(status: number | null, stderr: string) {
    super(
      `the import benchmark child exited with ${status}; its stderr follows (rerun scripts/bench/import.ts alone to reproduce):\n${stderr}`,
    );
  }
}

function workerArg(value: string | undefined): WorkerMode {
  return value === 'always' || value === 'never' ? value : 'auto';
}

async function child(bundle: string, store: string, worker: WorkerMode): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await importBundle(bundle, store, { worker });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const result: ChildResult = {
    rows: summary.totalRows,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    signals: { ...summary.signals },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(bundle: string, store: string, worker: WorkerMode): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', bundle, store, worker], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (out.status !== 0) throw new ImportChildError(out.status, out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

function queryLatencies(file: string, queries: number): number[] {
  const store = EvidenceStore.open(file);
  try {
    const window = store.window();
    const times: number[] = [];
    for (let i = 0; i < queries; i++) {
      const started = performance.now();
      store.evidenceFor(serviceId((i * 7) % BENCH_SERVICES), window, { limit: 50 });
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    store.close();
  }
}

/** Generates a bundle of `rows` records in a temp dir, imports it `runs` times, queries it; cleans up. */
export async function benchImport(options: ImportBenchOptions): Promise<ImportFigures> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'eog-bench-import-'));
  try {
    const bundle = join(dir, 'bundle');
    const started = performance.now();
    generateBundle(bundle, options.rows);
    const generateSeconds = (performance.now() - started) / 1000;
    log(`import: generated ${options.rows} rows in ${generateSeconds.toFixed(1)} s`);
    const store = join(dir, 'store.sqlite');
    const results: ChildResult[] = [];
    const loadDuringRuns: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const loadBefore = loadavg()[0] ?? 0;
      loadDuringRuns.push(loadBefore);
      const result = runChild(bundle, store, options.worker);
      results.push(result);
      const rate = (per: number): string => Math.round((result.rows * 1000) / per).toLocaleString('en');
      log(
        `import: run ${i + 1}/${options.runs}: ${Math.round(result.ms)} ms, ${rate(result.ms)} rows/s, ${rate(result.cpuMs)} rows per CPU-second, ` +
          `${Math.round(result.maxRssMb)} MB, load ${loadBefore.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}`,
      );
    }
    const latencies = queryLatencies(store, options.queries);
    return {
      rows: results[0]?.rows ?? 0,
      runs: options.runs,
      worker: options.worker,
      queries: options.queries,
      generateSeconds,
      importSeconds: median(results.map((r) => r.ms)) / 1000,
      rowsPerSecond: median(results.map((r) => (r.rows * 1000) / r.ms)),
      rowsPerCpuSecond: median(results.map((r) => (r.rows * 1000) / r.cpuMs)),
      loadDuringRuns,
      peakRssMb: median(results.map((r) => r.maxRssMb)),
      queryP50Ms: percentile(latencies, 0.5),
      queryP95Ms: percentile(latencies, 0.95),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const wi = process.argv.indexOf('--worker');
  const f = await benchImport({
    rows: argValue('--rows', 5_000_000),
    runs: argValue('--runs', 3),
    worker: workerArg(wi >= 0 ? process.argv[wi + 1] : undefined),
    queries: 200,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const table = [
    '| metric | median | target |',
    '|---|---|---|',
    `| rows imported | ${f.rows} | 5,000,000 |`,
    `| import time | ${f.importSeconds.toFixed(2)} s | |`,
    `| throughput | ${Math.round(f.rowsPerSecond).toLocaleString('en')} rows/s | >= 300,000 rows/s |`,
    `| rows per CPU-second | ${Math.round(f.rowsPerCpuSecond).toLocaleString('en')} | |`,
    `| load average during runs | ${f.loadDuringRuns.map((l) => l.toFixed(1)).join(' / ')} | (2 cores) |`,
    `| peak RSS (import child) | ${Math.round(f.peakRssMb)} MB | < 1024 MB |`,
    `| entity-in-window query p50 | ${f.queryP50Ms.toFixed(2)} ms | |`,
    `| entity-in-window query p95 | ${f.queryP95Ms.toFixed(2)} ms | <= 20 ms |`,
  ];
  process.stdout.write(
    `\nImport benchmark (${f.runs} runs, ${f.rows} rows, worker ${f.worker}, limit 50 per query, ${f.queries} queries)\n\n${table.join('\n')}\n`,
  );
}

const isEntryPoint = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) {
  if (process.argv[2] === '--child') await child(process.argv[3] ?? '', process.argv[4] ?? '', workerArg(process.argv[5]));
  else await main();
}

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
import { EvidenceStore } from '../../main/store/store.js';
import { BENCH_SERVICES, generateBundle, serviceId } from './import-gen.js';

interface ChildResult {
  rows: number;
  ms: number;
  /** User + system CPU of the whole process (worker thread included). */
  cpuMs: number;
  maxRssMb: number;
  signals: Record<string, number>;
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function workerArg(value: string | undefined): WorkerMode {
  return value === 'always' || value === 'never' ? value : 'auto';
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};
const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN;
};

async function child(bundle: string, store: string, worker: WorkerMode): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await importBundle(bundle, store, { worker });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const result: ChildResult = { rows: summary.totalRows, ms, cpuMs: (used.user + used.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, signals: { ...summary.signals } };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(bundle: string, store: string, worker: WorkerMode): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', bundle, store, worker], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (out.status !== 0) throw new Error(`import child failed (${out.status}): ${out.stderr}`);
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

async function main(): Promise<void> {
  const rows = argValue('--rows', 5_000_000);
  const runs = argValue('--runs', 3);
  const wi = process.argv.indexOf('--worker');
  const worker = workerArg(wi >= 0 ? process.argv[wi + 1] : undefined);
  const dir = mkdtempSync(join(tmpdir(), 'eog-bench-import-'));
  try {
    const bundle = join(dir, 'bundle');
    const started = performance.now();
    generateBundle(bundle, rows);
    process.stderr.write(`generated ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const store = join(dir, 'store.sqlite');
    const results: ChildResult[] = [];
    const loadDuring: number[] = [];
    for (let i = 0; i < runs; i++) {
      loadDuring.push(loadavg()[0] ?? 0);
      results.push(runChild(bundle, store, worker));
      process.stderr.write(`run ${i + 1}: ${JSON.stringify(results.at(-1))}\n`);
    }
    const latencies = queryLatencies(store, 200);
    const rate = median(results.map((r) => (r.rows * 1000) / r.ms));
    const table = [
      '| metric | median | target |',
      '|---|---|---|',
      `| rows imported | ${results[0]?.rows ?? 0} | 5,000,000 |`,
      `| import time | ${(median(results.map((r) => r.ms)) / 1000).toFixed(2)} s | |`,
      `| throughput | ${Math.round(rate).toLocaleString('en')} rows/s | >= 300,000 rows/s |`,
      // Wall-clock rates depend on what else the machine runs; CPU time much less so.
      `| rows per CPU-second | ${Math.round(median(results.map((r) => (r.rows * 1000) / r.cpuMs))).toLocaleString('en')} | |`,
      `| load average during runs | ${loadDuring.map((l) => l.toFixed(1)).join(' / ')} | (2 cores) |`,
      `| peak RSS (import child) | ${Math.round(median(results.map((r) => r.maxRssMb)))} MB | < 1024 MB |`,
      `| entity-in-window query p50 | ${percentile(latencies, 0.5).toFixed(2)} ms | |`,
      `| entity-in-window query p95 | ${percentile(latencies, 0.95).toFixed(2)} ms | <= 20 ms |`,
    ];
    process.stdout.write(`\nImport benchmark (${runs} runs, ${rows} rows, worker ${worker}, limit 50 per query, 200 queries)\n\n${table.join('\n')}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] ?? '', process.argv[4] ?? '', workerArg(process.argv[5]));
else await main();

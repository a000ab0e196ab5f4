/**
 * The processes the ClickHouse benchmarks time (clickhouse.ts, clickhouse-ratio.ts): `eog`
 * commands under /usr/bin/time, the engine alone (clickhouse-ceiling.ts) and the test-only
 * ClickHouse HTTP front in a process of its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'main', 'cli.js');
const FRONT = join(ROOT, 'main', 'store', 'clickhouse', 'testing', 'http-front.ts');
const CEILING = join(ROOT, 'scripts', 'bench', 'clickhouse-ceiling.ts');
/** The environment variable `eog … --store-password-env` reads the front's password from. */
export const PASSWORD_ENV = 'EOG_BENCH_CH_PASSWORD';
export const PASSWORD = 'bench';

export interface Run {
  wallS: number;
  rssMb: number;
  stdout: string;
}

/** A command under /usr/bin/time: wall seconds and peak RSS of that process. */
function timed(command: readonly string[], env: NodeJS.ProcessEnv, what: string): Run {
  const out = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', ...command], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, ...env },
  });
  const m = /TIME ([\d.]+) (\d+)\s*$/.exec(out.stderr);
  if (out.status !== 0 || !m) throw new Error(`${what} failed (${String(out.status)}):\n${out.stderr.slice(-2000)}`);
  return { wallS: Number(m[1]), rssMb: Number(m[2]) / 1024, stdout: out.stdout };
}

/** `node dist/main/cli.js …` (build it first) under /usr/bin/time. */
export function eog(args: readonly string[], env: NodeJS.ProcessEnv = {}): Run {
  return timed([process.execPath, CLI, ...args], env, `eog ${args.join(' ')}`);
}

/** The test-only ClickHouse HTTP front on chdb, in its own process, with its data in `dir`. */
export async function startFront(dir: string): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FRONT, dir, 'eog'], {
    cwd: ROOT,
    env: { ...process.env, EOG_TEST_CH_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((ok, fail) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) ok(Number(m[1]));
    });
    child.once('exit', (code) => fail(new Error(`http front exited with ${String(code)}`)));
  });
  return { port, stop: () => void child.kill('SIGTERM') };
}

export interface Ceiling {
  /** Rows the engine inserted. */
  rows: number;
  /** Time inside its INSERTs. */
  ms: number;
  /** Peak RSS of its process (the embedded engine included). */
  rssMb: number;
}

/** The engine alone on the bundle's three record files (clickhouse-ceiling.ts), in its own process. */
export function measureCeiling(bundle: string, work: string, env: NodeJS.ProcessEnv = {}): Ceiling {
  const run = timed([process.execPath, '--import', 'tsx', CEILING, bundle, join(work, 'ceiling')], env, 'clickhouse-ceiling.ts');
  return { ...(JSON.parse(run.stdout) as { rows: number; ms: number }), rssMb: run.rssMb };
}

/** Lines of a bundle's record files (plain .jsonl). */
export function countRows(bundle: string): number {
  const files = ['logs', 'metrics', 'spans', 'events', 'alerts', 'changes'].map((k) => `'${join(bundle, `${k}.jsonl`)}'`);
  const out = spawnSync('sh', ['-c', `cat ${files.join(' ')} 2>/dev/null | wc -l`], { encoding: 'utf8' });
  return Number(out.stdout.trim());
}

export interface BenchFlags {
  rows: string;
  work: string;
  runs: string;
  write: boolean;
  /** `--engine-memory` of the chdb runs, where the benchmark takes it: fast or low. */
  engineMemory?: string;
  /** An existing bundle to measure instead of generated ones (when the benchmark takes one). */
  bundle?: string;
}

/** The flags the ClickHouse benchmarks take (`--rows`, `--work`, `--runs`, `--write`, and `--bundle` or `--engine-memory` where allowed), with a work folder made and dist/main built. */
export function benchSetup(
  argv: readonly string[],
  defaultRows: string,
  allow: { bundle?: boolean; engineMemory?: boolean } = {},
): { values: BenchFlags; work: string; runs: number } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      rows: { type: 'string', default: defaultRows },
      work: { type: 'string', default: '/tmp/eog-bench-clickhouse' },
      runs: { type: 'string', default: '3' },
      write: { type: 'boolean', default: false },
      ...(allow.engineMemory ? { 'engine-memory': { type: 'string' as const, default: 'fast' } } : {}),
      ...(allow.bundle ? { bundle: { type: 'string' as const } } : {}),
    },
  });
  const work = resolve(values.work);
  mkdirSync(work, { recursive: true });
  const build = spawnSync('npm', ['run', '-s', 'build:main'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build:main exited with ${String(build.status)}`);
  const { 'engine-memory': engineMemory, ...rest } = values as typeof values & { 'engine-memory'?: string };
  return { values: { ...rest, ...(engineMemory === undefined ? {} : { engineMemory }) } as BenchFlags, work, runs: Number(values.runs) };
}

/** The generated bundle of `rows` rows in `work` (`eog generate --fault config_change`), made the first time. */
export function generatedBundle(work: string, rows: number): string {
  const dir = join(work, `bundle-${rows}`);
  if (!existsSync(join(dir, 'snapshot.json'))) {
    process.stderr.write(`generating ${rows.toLocaleString('en')} rows into ${dir}\n`);
    eog(['generate', '--fault', 'config_change', '--rows', String(rows), '--out', dir]);
  }
  return dir;
}

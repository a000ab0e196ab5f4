/**
 * kill -9 at spread points of `eog convert capture`, `eog import` and `eog investigate` on one
 * recorded incident (#48, "Outputs are atomic"): after every kill the output is the old complete
 * one, a new complete one, or none, never a part; the re-run succeeds and gives what an
 * uninterrupted run gives (the same bundle, the same records in the store, the same diagnosis).
 *
 *   npx tsx scripts/bench/kill-points.ts <incident folder: capture/ and times.json> [--points 10] [--write]
 *
 * `--write` puts the table into BENCHMARKS.md (region `kill-points`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { regionMarkers, replaceBenchSection } from './section.js';

const root = resolve(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'main', 'cli.js');

interface Args {
  incident: string;
  points: number;
  write: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const incident = argv.find((a) => !a.startsWith('--'));
  if (!incident) throw new Error('usage: kill-points.ts <incident folder> [--points N] [--write]');
  const at = argv.indexOf('--points');
  const points = at >= 0 ? Number(argv[at + 1]) : 10;
  if (!Number.isInteger(points) || points < 1) throw new Error(`--points: a positive integer, not ${argv[at + 1]}`);
  return { incident: resolve(incident), points, write: argv.includes('--write') };
}

/** A command's output and how to tell a complete one from a part. */
interface Subject {
  name: string;
  args: (out: string) => string[];
  /** What the output holds, comparable across runs; null when it is absent. Throws on a part. */
  read: (out: string) => string | null;
  output: string;
  /** Clears what a run keeps besides its output (the investigation's ledger) before a fresh run. */
  fresh?: () => void;
}

function sha(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/** A bundle's content: each file's name and the hash of its decompressed bytes. */
function readBundle(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir).sort();
  if (!names.includes('snapshot.json') || !names.includes('topology.json'))
    throw new Error(`${dir}: a bundle without its manifest or topology`);
  return names
    .map((n) => {
      const bytes = readFileSync(join(dir, n));
      return `${n}:${sha(n.endsWith('.gz') ? gunzipSync(bytes) : bytes)}`;
    })
    .join(' ');
}

/** A store's records: the row count of every raw table. */
function readStore(file: string): string | null {
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = ['alerts', 'events', 'logs', 'metrics', 'spans', 'changes', 'entities', 'edges'];
    return tables.map((t) => `${t}=${(db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n}`).join(' ');
  } finally {
    db.close();
  }
}

/** A diagnosis: what it names, in order, and how sure it is. */
function readDiagnosis(file: string): string | null {
  if (!existsSync(file)) return null;
  const d = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return sha(JSON.stringify([d.frontier, d.ranking, d.outcome]));
}

function runToEnd(args: readonly string[]): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`eog ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return performance.now() - started;
}

async function killAt(args: readonly string[], ms: number): Promise<'killed' | 'finished'> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: 'ignore' });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const timer = new Promise<'timer'>((r) => setTimeout(() => r('timer'), ms));
  const first = await Promise.race([exited, timer]);
  if (first !== 'timer') return 'finished';
  child.kill('SIGKILL');
  await exited;
  return 'killed';
}

interface Row {
  subject: string;
  runMs: number;
  killed: number;
  finishedFirst: number;
  leftOld: number;
  leftNone: number;
  leftNew: number;
  leftPart: number;
  rerunsSame: number;
}

async function measure(subject: Subject, reference: string, points: number, work: string): Promise<Row> {
  const out = subject.output;
  subject.fresh?.();
  const runMs = runToEnd(subject.args(out));
  const row: Row = {
    subject: subject.name,
    runMs,
    killed: 0,
    finishedFirst: 0,
    leftOld: 0,
    leftNone: 0,
    leftNew: 0,
    leftPart: 0,
    rerunsSame: 0,
  };
  // An older complete output, told apart from a new one by a marker beside its content.
  const old = join(work, `${subject.name}.old`);
  rmSync(old, { recursive: true, force: true });
  cpSync(out, old, { recursive: true });
  const oldContent = subject.read(old);
  for (let i = 0; i < points; i++) {
    const withOld = i % 2 === 1;
    rmSync(out, { recursive: true, force: true });
    if (withOld) cpSync(old, out, { recursive: true });
    // A rename puts a new file or folder in place: the old one keeps its inode until then.
    const oldInode = withOld ? statSync(out).ino : null;
    subject.fresh?.();
    const at = ((i + 0.5) / points) * runMs;
    const outcome = await killAt(subject.args(out), at);
    if (outcome === 'finished') row.finishedFirst++;
    else row.killed++;
    let left: string | null;
    try {
      left = subject.read(out);
    } catch {
      left = 'part';
    }
    if (left === null) row.leftNone++;
    else if (oldInode !== null && statSync(out).ino === oldInode && left === oldContent) row.leftOld++;
    else if (left === reference) row.leftNew++;
    else row.leftPart++;
    runToEnd(subject.args(out));
    if (subject.read(out) === reference) row.rerunsSame++;
  }
  return row;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  spawnSync(process.execPath, [join(root, 'scripts', 'eog.mjs'), '--version'], { stdio: 'ignore' });
  const times = JSON.parse(readFileSync(join(args.incident, 'times.json'), 'utf8')) as Record<string, string>;
  const work = mkdtempSync(join(tmpdir(), 'eog-kill-'));
  try {
    const capture = join(args.incident, 'capture');
    const timeArgs = [
      '--window',
      String(times.window),
      '--incident-time',
      String(times.incidentTime),
      '--baseline',
      String(times.baseline),
    ];
    const bundle = join(work, 'bundle');
    const convert: Subject = {
      name: 'convert',
      output: join(work, 'converted'),
      args: (out) => ['convert', 'capture', capture, '--out', out, ...timeArgs],
      read: readBundle,
    };
    runToEnd(convert.args(bundle));
    const store: Subject = {
      name: 'import',
      output: join(work, 'store.sqlite'),
      args: (out) => ['import', bundle, '--store', out],
      read: readStore,
    };
    const ledger = join(work, 'run.ledger');
    const investigate: Subject = {
      name: 'investigate',
      output: join(work, 'diagnosis.json'),
      args: (out) => ['investigate', bundle, '--policy', 'heuristic', '--no-cases', '--out', out, '--ledger', ledger],
      read: readDiagnosis,
      fresh: () => rmSync(ledger, { force: true }),
    };
    const rows: Row[] = [];
    for (const subject of [convert, store, investigate]) {
      rmSync(subject.output, { recursive: true, force: true });
      subject.fresh?.();
      runToEnd(subject.args(subject.output));
      const reference = subject.read(subject.output);
      if (reference === null) throw new Error(`${subject.name} wrote nothing`);
      rows.push(await measure(subject, reference, args.points, work));
    }
    const table = [
      '| command | uninterrupted run | killed | finished before the kill | left the old output | left none | left a new complete one | left a part | re-runs equal to an uninterrupted run |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.subject} | ${(r.runMs / 1000).toFixed(1)} s | ${r.killed} | ${r.finishedFirst} | ${r.leftOld} | ${r.leftNone} | ${r.leftNew} | ${r.leftPart} | ${r.rerunsSame}/${r.killed + r.finishedFirst} |`,
      ),
    ].join('\n');
    const body = `\nWritten by \`npx tsx scripts/bench/kill-points.ts ${args.incident.replace(`${root}/`, '')} --points ${args.points} --write\` on ${new Date().toISOString()}: kill -9 at ${args.points} points spread over each command's run (odd points with an older complete output in place). The investigation's ledger is kept between a killed run and its re-run, which resumes from it.\n\n${table}\n\n`;
    process.stdout.write(`${table}\n`);
    if (args.write) {
      const file = join(root, 'BENCHMARKS.md');
      writeFileSync(file, replaceBenchSection(readFileSync(file, 'utf8'), body, regionMarkers('kill-points')));
    }
    if (rows.some((r) => r.leftPart > 0 || r.rerunsSame !== r.killed + r.finishedFirst)) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

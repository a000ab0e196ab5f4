/**
 * The same diagnosis on every evidence store (issue #35), case by case over the real datasets:
 *
 *   npm run bench:store-parity -- --bundles-tt <dir> --bundles-ob <dir> [--roads chdb,http] [--write]
 *   (or --nezha-tt <root> --nezha-ob <root>: converted on the fly)
 *
 * Each case is investigated (built-in heuristic, default settings) on a fresh SQLite store and
 * on each ClickHouse road given: `chdb` (embedded) and `http` (the test-only ClickHouse HTTP
 * front on chdb in a process of its own, over clickhouse://). "The same diagnosis" is
 * main/bench/same-diagnosis.ts: the frontier in its order, the outcome, the whole ranking's order and
 * the stated confidence. Exits 1 naming every case that differs; --write replaces the
 * "store parity" region of BENCHMARKS.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diagnosisDifference, diagnosisKey, type DiagnosisKey } from '../../../main/bench/same-diagnosis.js';
import { investigateSnapshot } from '../../../main/session/investigate-snapshot.js';
import { parseStoreSpec, type StoreSpec } from '../../../main/store/spec.js';
import { PASSWORD, ROOT, startFront } from '../clickhouse-procs.js';
import { describeMachine } from '../machine.js';
import { regionMarkers, replaceBenchSection } from '../section.js';
import { writeBenchmarksDocument } from '../write-doc.js';
import { DATASET_USAGE, parseDatasetArgs, progress, UsageError } from './args.js';
import { openSystems } from './run-cases.js';

type Road = 'chdb' | 'http';
const ROADS: readonly Road[] = ['chdb', 'http'];
const PASSWORD_ENV = 'EOG_PARITY_CH_PASSWORD';

interface CaseParity {
  system: string;
  case: string;
  differences: Partial<Record<Road, string | null>>;
}

async function main(): Promise<number> {
  const { sources, timeGiven, values } = parseDatasetArgs(process.argv.slice(2), { roads: { type: 'string' }, write: { type: 'boolean' } });
  const roads = String(values.roads ?? 'chdb,http')
    .split(',')
    .map((r) => {
      if (!ROADS.includes(r as Road)) throw new UsageError(`--roads ${r}: expected chdb and/or http`);
      return r as Road;
    });
  const work = mkdtempSync(path.join(tmpdir(), 'eog-parity-'));
  const front = roads.includes('http') ? await startFront(path.join(work, 'server')) : null;
  process.env[PASSWORD_ENV] = PASSWORD;
  const specs: Record<Road, StoreSpec> = {
    chdb: { kind: 'chdb', dir: path.join(work, 'chdb') },
    http: parseStoreSpec(`clickhouse://default@127.0.0.1:${front?.port ?? 0}/eog`, PASSWORD_ENV),
  };
  const { systems, cleanup } = await openSystems(sources, { timeGiven, onProgress: progress });
  const results: CaseParity[] = [];
  const started = performance.now();
  try {
    for (const { system, bundles } of systems) {
      for (const bundle of bundles) {
        const name = path.basename(bundle);
        progress(`${system} ${name}`);
        const sqliteFile = path.join(work, 'case.sqlite');
        rmSync(sqliteFile, { force: true });
        const investigate = async (store: StoreSpec): Promise<DiagnosisKey> =>
          diagnosisKey((await investigateSnapshot(bundle, { policy: { kind: 'heuristic' }, store })).diagnosis);
        const sqlite = await investigate({ kind: 'sqlite', file: sqliteFile });
        const differences: CaseParity['differences'] = {};
        for (const road of roads) differences[road] = diagnosisDifference(sqlite, await investigate(specs[road]));
        results.push({ system, case: name, differences });
      }
    }
  } finally {
    progress('');
    front?.stop();
    cleanup();
    rmSync(work, { recursive: true, force: true });
  }
  const text = report(results, roads, (performance.now() - started) / 1000, process.argv.slice(2).join(' '));
  process.stdout.write(`${text}\n`);
  if (values.write === true) {
    const file = path.join(ROOT, 'BENCHMARKS.md');
    await writeBenchmarksDocument(file, replaceBenchSection(readFileSync(file, 'utf8'), text, regionMarkers('store-parity')));
  }
  return results.some((r) => Object.values(r.differences).some((d) => d !== null)) ? 1 : 0;
}

function report(results: readonly CaseParity[], roads: readonly Road[], seconds: number, args: string): string {
  const machine = describeMachine();
  const lines = [
    '### Same diagnosis on every store (#35; `npm run bench:store-parity`)',
    '',
    `Command: \`npm run bench:store-parity -- ${args.replace(/--write\s*/, '').trim()}\`, ${machine.date}, ${seconds.toFixed(0)} s. Each case investigated (heuristic, default settings) on a fresh SQLite store and on ${roads.map((r) => (r === 'chdb' ? 'chdb (embedded)' : 'clickhouse:// (a server process over HTTP)')).join(' and ')}; the same diagnosis means the same frontier in the same order, the same outcome, the same order of the whole ranking and the same stated confidence.`,
    '',
    `| system | cases | ${roads.map((r) => `same on ${r}`).join(' | ')} |`,
    `| --- | --- | ${roads.map(() => '---').join(' | ')} |`,
  ];
  for (const system of [...new Set(results.map((r) => r.system))]) {
    const mine = results.filter((r) => r.system === system);
    lines.push(
      `| ${system} | ${mine.length} | ${roads.map((road) => `${mine.filter((r) => r.differences[road] === null).length}/${mine.length}`).join(' | ')} |`,
    );
  }
  const differing = results.flatMap((r) =>
    roads.flatMap((road) => (r.differences[road] ? [`- ${r.system} ${r.case} on ${road}: ${r.differences[road]}`] : [])),
  );
  lines.push('', differing.length === 0 ? 'No case differs.' : 'Differing:', ...differing);
  return lines.join('\n');
}

try {
  process.exitCode = await main();
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof UsageError)
    process.stderr.write(`usage: npm run bench:store-parity -- ${DATASET_USAGE} [--roads chdb,http] [--write]\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
}

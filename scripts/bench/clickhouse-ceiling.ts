/**
 * What the ClickHouse engine alone does with a bundle's record files on this machine: chdb
 * inserts the three large ones (spans, logs, metrics; plain or gzipped) into plain MergeTree
 * tables of the files' own columns (ORDER BY tuple(): no sort key, no codec, no index), with
 * the engine's default settings: no checks, no mapping, no entity join, no line scan. `eog
 * import --store chdb:` is read against it (issue #35: at most 3x its time), measured side by
 * side on the same bundle (clickhouse-ratio.ts, clickhouse.ts). Prints one JSON line: rows and
 * the time inside the INSERTs (creating the tables from the files' inferred columns is not
 * counted).
 *
 *   npx tsx scripts/bench/clickhouse-ceiling.ts <bundle> <chdb dir>
 */
import { rmSync } from 'node:fs';
import { ChdbRunner } from '../../main/store/clickhouse/chdb-runner.js';
import { sqlString } from '../../main/store/clickhouse/runner.js';
import { openBundle } from '../../main/snapshot/bundle.js';

/** The record files large enough to matter: every generated or converted bundle's bulk is in them. */
const LARGE = new Set(['spans', 'logs', 'metrics']);

const [bundleDir, dir] = process.argv.slice(2);
if (!bundleDir || !dir) throw new Error('usage: clickhouse-ceiling.ts <bundle> <chdb dir>');
rmSync(dir, { recursive: true, force: true });
const bundle = openBundle(bundleDir);
const runner = await ChdbRunner.open(dir);
try {
  let rows = 0;
  let ms = 0;
  for (const file of bundle.records) {
    if (!LARGE.has(file.kind)) continue;
    const source = `file(${sqlString(file.path)}, 'JSONEachRow')`;
    runner.exec(`CREATE TABLE plain_${file.kind} ENGINE = MergeTree ORDER BY tuple() AS SELECT * FROM ${source} LIMIT 0`);
    const started = performance.now();
    runner.exec(`INSERT INTO plain_${file.kind} SELECT * FROM ${source}`);
    ms += performance.now() - started;
    rows += Number(runner.rows(`SELECT count() AS n FROM plain_${file.kind}`)[0]?.n ?? 0);
  }
  process.stdout.write(`${JSON.stringify({ rows, ms: Math.round(ms) })}\n`);
} finally {
  runner.close();
  rmSync(dir, { recursive: true, force: true });
}

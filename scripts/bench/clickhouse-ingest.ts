/**
 * The ClickHouse ingest path alone, in one process per run: a bundle imported into chdb with
 * the signals derived in SQL once the records are in (the default), or by the JavaScript
 * signal collectors on the way (--js-signals; they keep per-span state, where the block path
 * keeps a fixed buffer), printing the engine's INSERT time, the whole import's
 * time and the process's peak RSS. Run it once per size to see how memory grows with rows:
 *
 *   npx tsx scripts/bench/clickhouse-ingest.ts <bundle> <chdb dir> [--js-signals]
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ChdbRunner } from '../../main/store/clickhouse/chdb-runner.js';
import { importIntoClickHouse } from '../../main/store/clickhouse/ingest.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'js-signals': { type: 'boolean', default: false } } });
const [bundle, dir] = positionals;
if (!bundle || !dir) throw new Error('usage: clickhouse-ingest.ts <bundle> <chdb dir> [--js-signals]');
rmSync(dir, { recursive: true, force: true });
const load = loadavg()[0] ?? 0;
const runner = await ChdbRunner.open(dir);
try {
  const summary = await importIntoClickHouse(bundle, runner, { deriveSignals: values['js-signals'] });
  const rss = process.resourceUsage().maxRSS / 1024;
  const rate = (rows: number, ms: number): string => Math.round((rows * 1000) / Math.max(ms, 1)).toLocaleString('en');
  process.stdout.write(
    `${summary.totalRows.toLocaleString('en')} rows, signals ${values['js-signals'] ? 'JavaScript' : 'SQL'}, load ${load.toFixed(1)}: ` +
      `import ${(summary.elapsedMs / 1000).toFixed(1)} s (${rate(summary.totalRows, summary.elapsedMs)} rows/s), ` +
      `engine INSERTs ${(summary.clickhouse.ms / 1000).toFixed(1)} s (${rate(summary.clickhouse.rows, summary.clickhouse.ms)} rows/s), ` +
      `peak RSS ${Math.round(rss)} MB\n${JSON.stringify(summary.engineReads)}\n`,
  );
} finally {
  runner.close();
  rmSync(dir, { recursive: true, force: true });
}

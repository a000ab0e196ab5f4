/**
 * Evidence charts with 100,000 points per series:
 * `npx tsx scripts/bench/charts.ts [--points N] [--runs R] [--stores sqlite,chdb] [--write]`.
 * Writes a bundle with one service whose pod has N metric points, N spans and N log lines in
 * the window and baseline, imports it through the investigation service, then times
 * `evidence.charts` (the workbench handler the UI calls: store reads, bucketing, min/max
 * downsampling, log-template matching, the exemplar trace) and reports the reply's size and
 * points, once per evidence store (SQLite, and chdb: the embedded ClickHouse, where the store
 * buckets in SQL). Prints medians; `--write` puts them in BENCHMARKS.md §5.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createWorkbench } from '../../main/app/index.js';
import type { StoreSpec } from '../../main/store/index.js';
import { describeMachine } from './machine.js';
import { integer, table } from './markdown.js';
import { replaceBenchSubsection } from './section.js';
import { median } from './stats.js';
import { writeBenchmarksDocument } from './write-doc.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const POINTS = arg('--points', 100_000);
const RUNS = arg('--runs', 5);
const storesAt = process.argv.indexOf('--stores');
const STORES = (storesAt >= 0 ? (process.argv[storesAt + 1] ?? '') : 'sqlite,chdb').split(',').filter((s) => s !== '');
const WRITE = process.argv.includes('--write');
const POD = 'big/Pod/api-1';
const SERVICE = 'big/Service/api';

function writeBundle(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const start = Date.parse('2026-03-01T09:00:00Z');
  const span = 60 * 60_000;
  const incident = start + span / 2;
  writeFileSync(
    path.join(dir, 'snapshot.json'),
    JSON.stringify({ format: 'eog-snapshot', version: 1, name: 'charts-100k', incidentTime: new Date(incident).toISOString() }),
  );
  writeFileSync(
    path.join(dir, 'topology.json'),
    JSON.stringify({
      entities: [
        { id: SERVICE, kind: 'Service', name: 'api', namespace: 'big' },
        { id: POD, kind: 'Pod', name: 'api-1', namespace: 'big' },
      ],
      edges: [{ source: SERVICE, target: POD, relation: 'contains' }],
    }),
  );
  writeFileSync(
    path.join(dir, 'alerts.jsonl'),
    `${JSON.stringify({ name: 'HighErrorRate', entity: SERVICE, severity: 'critical', startsAt: new Date(incident).toISOString() })}\n`,
  );
  const metrics: string[] = [];
  const spans: string[] = [];
  const logs: string[] = [];
  for (let i = 0; i < POINTS; i++) {
    const t = start + Math.floor((i * span) / POINTS);
    const after = t >= incident;
    metrics.push(JSON.stringify({ time: t, entity: POD, name: 'cpu_usage_cores', value: (after ? 0.9 : 0.3) + Math.sin(i / 50) * 0.05 }));
    spans.push(
      JSON.stringify({
        traceId: `t${i}`,
        spanId: `s${i}`,
        entity: POD,
        name: 'GET /api',
        start: new Date(t).toISOString(),
        durationMs: (after ? 80 : 20) + (i % 17),
        status: after && i % 5 === 0 ? 'error' : 'ok',
      }),
    );
    logs.push(
      JSON.stringify({
        time: t,
        entity: POD,
        severity: after && i % 5 === 0 ? 'ERROR' : 'INFO',
        body: after && i % 5 === 0 ? `request ${i} failed: timeout` : `request ${i} ok in ${i % 17} ms`,
      }),
    );
  }
  writeFileSync(path.join(dir, 'metrics.jsonl'), `${metrics.join('\n')}\n`);
  writeFileSync(path.join(dir, 'spans.jsonl'), `${spans.join('\n')}\n`);
  writeFileSync(path.join(dir, 'logs.jsonl'), `${logs.join('\n')}\n`);
}

interface Measured {
  store: string;
  cpu: number;
  wall: number;
  drawn: number;
  source: number;
  bytes: number;
}

async function measure(bundle: string, work: string, store: string): Promise<Measured> {
  const spec: StoreSpec | null = store === 'chdb' ? { kind: 'chdb', dir: path.join(work, 'chdb') } : null;
  if (store !== 'chdb' && store !== 'sqlite') throw new Error(`--stores: sqlite or chdb, not "${store}"`);
  const wb = createWorkbench({
    snapshot: bundle,
    host: 'web',
    version: 'bench',
    investigations: { store: () => spec },
    lessonsFile: path.join(work, `lessons-${store}.sqlite`),
  });
  try {
    // The first call imports the bundle into the evidence store; it is not timed.
    await wb.handlers['evidence.charts']({ node: SERVICE, width: 360 });
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    let drawn = 0;
    let source = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      // A new width each run: the reply cache (keyed by node, width and packet) must not answer.
      const reply = await wb.handlers['evidence.charts']({ node: SERVICE, width: 361 + r });
      const c1 = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      // CPU time of this process (chdb's engine threads included): on a shared, loaded machine wall time mostly measures the queue.
      cpu.push((c1.user + c1.system) / 1000);
      bytes = JSON.stringify(reply).length;
      const metric = reply.charts.find((c) => c.kind === 'metric');
      drawn = metric?.series[0]?.x.length ?? 0;
      source = metric?.series[0]?.sourcePoints ?? 0;
    }
    console.log(`${store}: points per series: ${POINTS}; runs: ${RUNS}`);
    console.log(
      `  evidence.charts median: ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
    console.log(`  CPU time median: ${median(cpu).toFixed(0)} ms`);
    console.log(`  metric series: ${source} points in the store → ${drawn} sent; reply ${(bytes / 1024).toFixed(0)} KiB of JSON`);
    return { store, cpu: median(cpu), wall: median(times), drawn, source, bytes };
  } finally {
    wb.close();
  }
}

function section(rows: readonly Measured[]): string {
  const m = describeMachine();
  return `### 5. Evidence charts with 100,000 points per series

Command: \`npx tsx scripts/bench/charts.ts --write\` (\`--points N --runs R --stores sqlite,chdb\`). A bundle whose
one pod has ${integer(POINTS)} metric points, spans and log lines over an hour; each run asks the workbench's
\`evidence.charts\` handler for the service at a new width (so the reply cache does not answer), after a
first call that imports the bundle, once per evidence store. Measured ${new Date().toISOString()} on ${m.cpuModel},
${m.cpuCount} CPUs; load average at the end ${m.loadAverage.toFixed(1)}. CPU time is the process's own (chdb's
engine threads run in it); wall time on a shared machine is partly queueing.

${table(
  ['store', 'points per series', 'runs', 'CPU time, median (ms)', 'wall time, median (ms)', 'metric points sent', 'reply (JSON)'],
  rows.map((r) => [
    r.store,
    integer(POINTS),
    RUNS,
    integer(r.cpu),
    integer(r.wall),
    `${integer(r.drawn)} of ${integer(r.source)}`,
    `${Math.round(r.bytes / 1024)} KiB`,
  ]),
  ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
)}

The store buckets what the charts draw (docs/clickhouse.md): min/max per pixel column of each metric
series with its baseline band, lines per bucket of each drawn log template, span rates and
percentiles per bucket; on chdb in SQL, so no raw metric point or log line reaches the process
but the ones drawn. The renderer receives at most 2 points per pixel column per series and 120
buckets for rates and percentiles, so uPlot draws a few hundred points whatever the capture
holds. A repeated request for the same node, width and packet is answered from a cache of 16
replies per evidence store.`;
}

const work = mkdtempSync(path.join(tmpdir(), 'eog-bench-charts-'));
try {
  const bundle = path.join(work, 'bundle');
  writeBundle(bundle);
  const measured: Measured[] = [];
  for (const store of STORES) measured.push(await measure(bundle, work, store));
  if (WRITE) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'BENCHMARKS.md');
    await writeBenchmarksDocument(file, replaceBenchSubsection(readFileSync(file, 'utf8'), '### 5.', section(measured), '### 6.'));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

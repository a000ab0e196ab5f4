/**
 * Evidence charts with 100,000 points per series: `npx tsx scripts/bench/charts.ts [--points N] [--runs R]`.
 * Writes a bundle with one service whose pod has N metric points, N spans and N log lines in
 * the window and baseline, imports it through the investigation service, then times
 * `evidence.charts` (the workbench handler the UI calls: store reads, bucketing, min/max
 * downsampling, log-template matching, the exemplar trace) and reports the reply's size and
 * points. Prints medians; the figures go to BENCHMARKS.md §5.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createWorkbench } from '../../main/app/index.js';
import { median } from './stats.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const POINTS = arg('--points', 100_000);
const RUNS = arg('--runs', 5);
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

const work = mkdtempSync(path.join(tmpdir(), 'eog-bench-charts-'));
try {
  const bundle = path.join(work, 'bundle');
  writeBundle(bundle);
  const wb = createWorkbench({
    snapshot: bundle,
    host: 'web',
    version: 'bench',
    investigations: {},
    lessonsFile: path.join(work, 'lessons.sqlite'),
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
      // CPU time of this process: on a shared, loaded machine wall time mostly measures the queue.
      cpu.push((c1.user + c1.system) / 1000);
      bytes = JSON.stringify(reply).length;
      const metric = reply.charts.find((c) => c.kind === 'metric');
      drawn = metric?.series[0]?.x.length ?? 0;
      source = metric?.series[0]?.sourcePoints ?? 0;
    }
    console.log(`points per series: ${POINTS}; runs: ${RUNS}`);
    console.log(
      `evidence.charts median: ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
    console.log(`CPU time median: ${median(cpu).toFixed(0)} ms`);
    console.log(`metric series: ${source} points in the store → ${drawn} sent; reply ${(bytes / 1024).toFixed(0)} KiB of JSON`);
  } finally {
    wb.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

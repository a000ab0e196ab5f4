import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../core/random/index.js';

/** Synthetic bundle for the import benchmark: deterministic (seeded), shaped like a real one. */
export const BENCH_T0 = Date.parse('2026-03-01T09:00:00Z');
export const BENCH_SERVICES = 50;
const HOUR = 3_600_000;

export const serviceId = (i: number): string => `bench/Service/svc-${i}`;

class LineWriter {
  private readonly fd: number;
  private buf: string[] = [];
  private size = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  line(value: unknown): void {
    const s = JSON.stringify(value);
    this.buf.push(s);
    this.size += s.length;
    if (this.size > 4_000_000) this.flush();
  }
  flush(): void {
    if (this.buf.length) writeSync(this.fd, this.buf.join('\n') + '\n');
    this.buf = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

const LOG_BODIES = [
  'GET /api/cart/{id} 200 in {n} ms',
  'user {id} added item {n} to cart',
  'cache miss for key {id}',
  'connection refused to redis:6379 after {n} ms',
  'order {id} placed total={n}',
];

/** Writes a bundle of `rows` records (logs 50 %, metrics 30 %, spans 20 %) and returns the row count. */
export function generateBundle(dir: string, rows: number): number {
  mkdirSync(dir, { recursive: true });
  const random = seededRandom(7);
  const entities = Array.from({ length: BENCH_SERVICES }, (_, i) => ({
    id: serviceId(i),
    kind: 'Service',
    name: `svc-${i}`,
    namespace: 'bench',
  }));
  const edges = entities.slice(1).map((e, i) => ({ source: serviceId(i), target: e.id, relation: 'calls' }));
  writeFileSync(
    join(dir, 'snapshot.json'),
    JSON.stringify({
      format: 'eog-snapshot',
      version: 1,
      name: 'bench',
      window: { start: new Date(BENCH_T0 + 40 * 60_000).toISOString(), end: new Date(BENCH_T0 + HOUR).toISOString() },
      baseline: { start: new Date(BENCH_T0).toISOString(), end: new Date(BENCH_T0 + 30 * 60_000).toISOString() },
    }),
  );
  writeFileSync(join(dir, 'topology.json'), JSON.stringify({ entities, edges }));
  const alerts = new LineWriter(join(dir, 'alerts.jsonl'));
  alerts.line({
    name: 'HighLatency',
    entity: serviceId(0),
    severity: 'critical',
    startsAt: new Date(BENCH_T0 + 45 * 60_000).toISOString(),
  });
  alerts.close();
  const counts = { logs: Math.floor(rows * 0.5), metrics: Math.floor(rows * 0.3), spans: 0 };
  counts.spans = rows - 1 - counts.logs - counts.metrics;
  const time = (i: number, n: number): string => new Date(BENCH_T0 + Math.floor((i / n) * HOUR)).toISOString();
  const logs = new LineWriter(join(dir, 'logs.jsonl'));
  for (let i = 0; i < counts.logs; i++) {
    const body = (LOG_BODIES[i % LOG_BODIES.length] ?? '')
      .replace('{id}', String(Math.floor(random() * 1e6)))
      .replace('{n}', String(i % 977));
    logs.line({ time: time(i, counts.logs), entity: serviceId(i % BENCH_SERVICES), severity: i % 50 === 0 ? 'ERROR' : 'INFO', body });
  }
  logs.close();
  const metrics = new LineWriter(join(dir, 'metrics.jsonl'));
  for (let i = 0; i < counts.metrics; i++) {
    metrics.line({
      time: time(i, counts.metrics),
      entity: serviceId(i % BENCH_SERVICES),
      name: i % 2 ? 'cpu' : 'latency_p95',
      value: Math.round(random() * 1000) / 10,
    });
  }
  metrics.close();
  const spans = new LineWriter(join(dir, 'spans.jsonl'));
  for (let i = 0; i < counts.spans; i++) {
    const trace = Math.floor(i / 4);
    const depth = i % 4;
    spans.line({
      traceId: `t${trace}`,
      spanId: `s${i}`,
      ...(depth > 0 ? { parentSpanId: `s${i - 1}` } : {}),
      entity: serviceId((trace + depth) % BENCH_SERVICES),
      name: 'GET /api',
      start: time(i, counts.spans),
      durationMs: Math.round(random() * 500),
      status: random() < 0.02 ? 'error' : 'ok',
    });
  }
  spans.close();
  return rows;
}

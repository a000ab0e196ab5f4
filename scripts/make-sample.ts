/**
 * Writes resources/sample/: the worked example of the EoG paper as a native bundle.
 * A flash sale switched on at the frontend floods the gateway, which calls the processor
 * through a dependency the topology does not list; the processor's +30 % traffic drives the
 * database out of memory. Healthy distractors and an old unrelated config change make the
 * investigation non-trivial. Deterministic: rerunning writes identical files.
 *
 *   npx tsx scripts/make-sample.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../resources/sample');
const ns = 'shop';
const t = (hhmmss: string): string => `2026-03-01T${hhmmss}Z`;
const ms = (hhmmss: string): number => Date.parse(t(hhmmss));
const iso = (epoch: number): string => new Date(epoch).toISOString();

const services = ['frontend', 'gateway', 'processor', 'database', 'catalog', 'auth', 'notifier'] as const;
type Service = (typeof services)[number];
const pods: Record<Service, string> = {
  frontend: 'frontend-7c9d5b7f4-x2k8q',
  gateway: 'gateway-5f6b8c9d7-mm4zt',
  processor: 'processor-6d8f9b5c4-qq7lp',
  database: 'database-0',
  catalog: 'catalog-84b7d6c5f-h3n9w',
  auth: 'auth-7b5c4d9f8-p6r2v',
  notifier: 'notifier-59c8d7b6f-t4y1u',
};
const svc = (s: Service): string => `${ns}/Service/${s}`;
const pod = (s: Service): string => `${ns}/Pod/${pods[s]}`;

function topology(): unknown {
  const entities: unknown[] = [];
  const edges: unknown[] = [];
  for (const s of services) {
    entities.push({ id: svc(s), kind: 'Service', name: s, namespace: ns, labels: { app: s } });
    entities.push({ id: pod(s), kind: 'Pod', name: pods[s], namespace: ns, labels: { app: s } });
    edges.push({ source: svc(s), target: pod(s), relation: 'contains' });
  }
  entities.push({ id: 'Node/node-a', kind: 'Node', name: 'node-a', namespace: null });
  entities.push({ id: 'Node/node-b', kind: 'Node', name: 'node-b', namespace: null });
  entities.push({ id: `${ns}/ConfigMap/catalog-config`, kind: 'ConfigMap', name: 'catalog-config', namespace: ns });
  entities.push({ id: `${ns}/ConfigMap/frontend-flags`, kind: 'ConfigMap', name: 'frontend-flags', namespace: ns });
  services.forEach((s, i) => edges.push({ source: pod(s), target: i % 2 ? 'Node/node-b' : 'Node/node-a', relation: 'runs_on' }));
  edges.push({ source: `${ns}/ConfigMap/catalog-config`, target: svc('catalog'), relation: 'configures' });
  edges.push({ source: `${ns}/ConfigMap/frontend-flags`, target: svc('frontend'), relation: 'configures' });
  // The gateway → processor dependency is deliberately absent: spans reveal it.
  for (const [a, b] of [
    ['frontend', 'gateway'],
    ['frontend', 'catalog'],
    ['gateway', 'auth'],
    ['processor', 'database'],
    ['processor', 'notifier'],
  ] as const) {
    edges.push({ source: svc(a), target: svc(b), relation: 'calls' });
  }
  return { entities, edges };
}

/** Requests per second per service: the flash sale starts at 10:00. */
function rate(s: Service, at: number): number {
  const surge = at >= ms('10:00:00');
  const base: Record<Service, number> = { frontend: 120, gateway: 100, processor: 80, database: 80, catalog: 60, auth: 100, notifier: 20 };
  const factor: Record<Service, number> = {
    frontend: 1.6,
    gateway: 1.5,
    processor: 1.3,
    database: 1.3,
    catalog: 1.05,
    auth: 1,
    notifier: 1,
  };
  return Math.round(base[s] * (surge ? factor[s] : 1));
}

function metrics(): unknown[] {
  const rows: unknown[] = [];
  const minutes = [...range(ms('09:00:00'), ms('09:30:00')), ...range(ms('09:50:00'), ms('10:10:00'))];
  for (const at of minutes) {
    const wobble = ((at / 60_000) % 3) - 1; // deterministic small jitter
    for (const s of services) {
      rows.push({ time: iso(at), entity: pod(s), name: 'requests_per_second', value: rate(s, at) + wobble, unit: 'req/s' });
      const cpu = s === 'processor' && at >= ms('10:00:00') ? 0.55 : 0.3;
      rows.push({ time: iso(at), entity: pod(s), name: 'cpu_usage', value: cpu + wobble / 100, unit: 'cores' });
      let mem = 0.45 + wobble / 100;
      if (s === 'database' && at >= ms('10:00:00')) mem = Math.min(1, 0.6 + ((at - ms('10:00:00')) / 60_000) * 0.12);
      rows.push({ time: iso(at), entity: pod(s), name: 'memory_utilisation', value: Number(mem.toFixed(3)), unit: 'ratio' });
      let p95 = 40 + wobble;
      if (at >= ms('10:02:00') && ['gateway', 'frontend', 'processor', 'database'].includes(s)) p95 = 900 + wobble * 10;
      rows.push({ time: iso(at), entity: pod(s), name: 'latency_p95_ms', value: p95, unit: 'ms' });
    }
  }
  return rows;
}

function* range(from: number, to: number, step = 60_000): Generator<number> {
  for (let at = from; at < to; at += step) yield at;
}

/** Traces per minute by request type: the flash sale multiplies checkouts and status polls. */
function tracesPerMinute(at: number): { checkout: number; status: number; browse: number } {
  return at >= ms('10:00:00') ? { checkout: 13, status: 10, browse: 6 } : { checkout: 10, status: 5, browse: 6 };
}

function spans(): unknown[] {
  const rows: Array<Record<string, unknown>> = [];
  let n = 0;
  const id = (prefix: string): string => `${prefix}${(n++).toString(16).padStart(12, '0')}`;
  /** A server span; when called from another service, wrapped in the caller's client span (as OpenTelemetry records calls). */
  const span = (
    traceId: string,
    parent: string | undefined,
    s: Service,
    name: string,
    start: number,
    durationMs: number,
    error?: string,
  ): string => {
    const status = error ? 'error' : 'ok';
    let parentId = parent;
    const caller = parent === undefined ? undefined : rows.find((r) => r.spanId === parent)?.entity;
    if (parent !== undefined && caller !== undefined) {
      parentId = id('s');
      rows.push({
        traceId,
        spanId: parentId,
        parentSpanId: parent,
        entity: caller,
        name: `call ${s}`,
        start: iso(start - 1),
        durationMs: durationMs + 2,
        status,
        statusMessage: error,
        kind: 'client',
      });
    }
    const spanId = id('s');
    rows.push({
      traceId,
      spanId,
      parentSpanId: parentId,
      entity: pod(s),
      name,
      start: iso(start),
      durationMs,
      status,
      statusMessage: error,
      kind: 'server',
    });
    return spanId;
  };
  for (const [from, to] of [
    [ms('09:00:00'), ms('09:30:00')],
    [ms('09:55:00'), ms('10:10:00')],
  ] as const) {
    for (const minute of range(from, to)) {
      const perMinute = tracesPerMinute(minute);
      const slow = minute >= ms('10:02:00');
      for (let i = 0; i < perMinute.checkout; i++) {
        const at = minute + Math.floor((i * 60_000) / perMinute.checkout);
        const traceId = id('t');
        const root = span(
          traceId,
          undefined,
          'frontend',
          'POST /checkout',
          at,
          slow ? 1800 : 60,
          slow ? 'gateway returned 504' : undefined,
        );
        const gw = span(
          traceId,
          root,
          'gateway',
          'POST /orders',
          at + 2,
          slow ? 1750 : 50,
          slow ? 'upstream processor timeout' : undefined,
        );
        span(traceId, gw, 'auth', 'verify', at + 3, 5);
        const pr = span(traceId, gw, 'processor', 'process-order', at + 10, slow ? 1700 : 35, slow ? 'database write failed' : undefined);
        span(traceId, pr, 'database', 'INSERT orders', at + 12, slow ? 1650 : 8, slow ? 'connection reset' : undefined);
        if (i % 3 === 0) span(traceId, pr, 'notifier', 'send-confirmation', at + 30, 4);
      }
      for (let i = 0; i < perMinute.status; i++) {
        const at = minute + 7_000 + Math.floor((i * 50_000) / perMinute.status);
        const traceId = id('t');
        const root = span(traceId, undefined, 'frontend', 'GET /order-status', at, 25);
        const gw = span(traceId, root, 'gateway', 'GET /orders/:id', at + 1, 18);
        span(traceId, gw, 'auth', 'verify', at + 2, 5);
      }
      for (let i = 0; i < perMinute.browse; i++) {
        const at = minute + 3_000 + Math.floor((i * 55_000) / perMinute.browse);
        const traceId = id('t');
        const root = span(traceId, undefined, 'frontend', 'GET /products', at, 30);
        span(traceId, root, 'catalog', 'GET /items', at + 1, 12);
      }
    }
  }
  return rows.map((r) => JSON.parse(JSON.stringify(r)) as unknown);
}

function logs(): unknown[] {
  const rows: Array<{ time: string; entity: string; severity: string; body: string }> = [];
  for (const at of range(ms('09:00:00'), ms('09:30:00'), 120_000)) {
    for (const s of services)
      rows.push({ time: iso(at), entity: pod(s), severity: 'INFO', body: `${s} health check ok in ${(at / 1000) % 7} ms` });
  }
  for (const at of range(ms('09:55:00'), ms('10:10:00'), 60_000)) {
    for (const s of services)
      rows.push({ time: iso(at), entity: pod(s), severity: 'INFO', body: `${s} health check ok in ${(at / 1000) % 7} ms` });
  }
  rows.push({
    time: t('10:00:05'),
    entity: pod('frontend'),
    severity: 'INFO',
    body: 'feature flag flash_sale enabled: serving sale banner to all users',
  });
  rows.push({ time: t('10:01:30'), entity: pod('processor'), severity: 'WARN', body: 'order queue depth 4200 above soft limit 1000' });
  for (const at of range(ms('10:03:00'), ms('10:08:00'), 20_000)) {
    rows.push({
      time: iso(at),
      entity: pod('database'),
      severity: 'ERROR',
      body: 'java.lang.OutOfMemoryError: Java heap space while allocating write buffer',
    });
    rows.push({
      time: iso(at + 1000),
      entity: pod('gateway'),
      severity: 'ERROR',
      body: 'upstream processor timeout after 1500 ms on POST /orders',
    });
    rows.push({
      time: iso(at + 2000),
      entity: pod('processor'),
      severity: 'ERROR',
      body: 'database write failed: connection reset by peer',
    });
  }
  // Hostile input: the UI and reports must show this as text.
  rows.push({
    time: t('10:05:00'),
    entity: pod('catalog'),
    severity: 'INFO',
    body: 'GET /search?q=<script>alert("x")</script> 200 user-agent="<img src=x onerror=alert(1)>"',
  });
  return rows.sort((a, b) => a.time.localeCompare(b.time));
}

function jsonl(rows: unknown[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

mkdirSync(out, { recursive: true });
const files: Record<string, string> = {
  'snapshot.json':
    JSON.stringify(
      {
        format: 'eog-snapshot',
        version: 1,
        name: 'Worked example: checkout outage during a flash sale',
        description:
          "Hand-built sample (the EoG paper's worked example): checkout errors and latency on the shop. Topology, alerts, events, logs, metrics, traces and config changes around the incident.",
        incidentTime: t('10:04:00'),
        window: { start: t('09:55:00'), end: t('10:10:00') },
        baseline: { start: t('09:00:00'), end: t('09:30:00') },
        source: { kind: 'manual', generator: 'scripts/make-sample.ts' },
      },
      null,
      2,
    ) + '\n',
  'topology.json': JSON.stringify(topology(), null, 2) + '\n',
  'alerts.jsonl': jsonl([
    {
      name: 'HighRequestLatency',
      entity: svc('gateway'),
      severity: 'critical',
      startsAt: t('10:04:00'),
      summary: 'p95 latency of POST /orders above 1 s for 2 minutes',
    },
    {
      name: 'HighErrorRate',
      entity: svc('gateway'),
      severity: 'warning',
      startsAt: t('10:04:30'),
      summary: 'error ratio of POST /orders above 5 %',
    },
    {
      name: 'KubeContainerOOMKilled',
      entity: svc('database'),
      severity: 'warning',
      startsAt: t('10:03:45'),
      summary: 'database container restarted after running out of memory',
    },
    {
      name: 'Watchdog',
      entity: `${ns}/Service/notifier`,
      severity: 'none',
      startsAt: t('09:00:00'),
      summary: 'Alerting pipeline heartbeat; always firing',
    },
  ]),
  'events.jsonl': jsonl([
    {
      time: t('10:03:40'),
      entity: pod('database'),
      type: 'Warning',
      reason: 'OOMKilled',
      message: 'Container database exceeded its memory limit (2Gi) and was killed',
      count: 1,
    },
    {
      time: t('10:04:10'),
      entity: pod('database'),
      type: 'Warning',
      reason: 'BackOff',
      message: 'Back-off restarting failed container database',
      count: 3,
    },
    {
      time: t('09:20:00'),
      entity: pod('notifier'),
      type: 'Normal',
      reason: 'Pulled',
      message: 'Container image already present on machine',
      count: 1,
    },
  ]),
  'changes.jsonl': jsonl([
    {
      time: '2026-02-26T14:12:00Z',
      entity: `${ns}/ConfigMap/catalog-config`,
      kind: 'config',
      summary: 'catalog page size raised from 20 to 24',
      diff: [{ path: 'data.PAGE_SIZE', from: '20', to: '24' }],
      actor: 'deploy-bot',
    },
    {
      time: t('10:00:00'),
      entity: svc('frontend'),
      kind: 'feature_flag',
      summary: 'flash_sale flag switched on for all users',
      diff: [{ path: 'flags.flash_sale', from: false, to: true }],
      actor: 'marketing-console',
    },
  ]),
  'logs.jsonl': jsonl(logs()),
  'metrics.jsonl': jsonl(metrics()),
  'spans.jsonl': jsonl(spans()),
  'ground_truth.yaml': [
    'spec:',
    '  groups:',
    '    - id: frontend-service',
    '      kind: Service',
    '      namespace: shop',
    '      name: frontend',
    '      root_cause: true',
    '    - id: frontend-pod',
    '      kind: Pod',
    '      namespace: shop',
    '      filter: ["frontend-.*"]',
    '    - id: database-service',
    '      kind: Service',
    '      namespace: shop',
    '      name: database',
    '  aliases:',
    '    - [frontend-service, frontend-pod]',
    '  fault:',
    '    - category: Change',
    '      entity: {group_id: frontend-service, kind: Service, name: frontend}',
    '      condition: flash_sale feature flag switched on',
    '',
  ].join('\n'),
};
for (const [name, content] of Object.entries(files)) writeFileSync(path.join(out, name), content);
process.stdout.write(`wrote ${Object.keys(files).length} files to ${out}\n`);

/**
 * Writes a small flag incident as a native bundle, in the image of the OpenTelemetry Demo, with
 * the real source of three of its services (main/code/fixtures/otel-demo, Apache-2.0):
 * the ConfigMap `flagd-config` holds the demo's flagd file and is mounted into the ad, cart and
 * checkout Deployments. Before the onset a change to it switches a flag on (by default `adFailure`;
 * captured as kubectl captures a ConfigMap: the whole file before and after). From the onset
 * one request in four to the failing service (by default ad) fails with UNAVAILABLE, and so do
 * the frontend requests that called it; the frontend's error-rate alert fires. Each of the three
 * reads some flags of the file — ad `adFailure`, cart `cartFailure`, checkout
 * `paymentUnreachable` through a generated `flags` package — and none reads `imageSlowLoad`
 * (the demo's frontend does).
 * Deterministic: the same folder, byte for byte, on every run. Used by the code layer's end-to-end
 * test (`main/session/code-drill-through.test.ts`) and the code view's e2e spec.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const demo = path.resolve(import.meta.dirname, '..', '..', 'code', 'fixtures', 'otel-demo');
const ns = 'otel-demo';
const minute = 60_000;
const start = Date.parse('2026-03-01T09:00:00Z');
const onsetMinute = 45;
const changeAt = start + (onsetMinute - 1) * minute - 30_000;
const requestsPerMinute = 12;

const services = ['frontend', 'ad', 'cart', 'checkout'] as const;
type Service = (typeof services)[number];
/** The services the ConfigMap is mounted into, each with its source in the bundle. */
const configured = ['ad', 'cart', 'checkout'] as const;
const replicaSets: Record<Service, string> = {
  frontend: 'frontend-5d8f7c6b9',
  ad: 'ad-6f7b9c8d5',
  cart: 'cart-7c4d9b8f6',
  checkout: 'checkout-58d9f6c7b',
};
const pods: Record<Service, string> = {
  frontend: 'frontend-5d8f7c6b9-q7r2t',
  ad: 'ad-6f7b9c8d5-k2x4z',
  cart: 'cart-7c4d9b8f6-m3n8p',
  checkout: 'checkout-58d9f6c7b-w9v4s',
};

const id = (kind: string, name: string): string => `${ns}/${kind}/${name}`;
const pod = (s: Service): string => id('Pod', pods[s]);
const iso = (ms: number): string => new Date(ms).toISOString();
const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const jsonl = (rows: readonly object[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

export interface FlagIncidentOptions {
  /** Also write the ad, cart and checkout services' source and `code.json`. */
  source?: boolean;
  /** The flag switched and the variant it is switched to (default `adFailure`, `on`). */
  flag?: string;
  variant?: string;
  /** The service whose requests fail from the onset (default ad). */
  failing?: 'ad' | 'cart';
  /**
   * The flags are served, as the OpenTelemetry Demo deploys them: the ConfigMap is mounted into a
   * flag daemon (flagd) only, and ad, cart and checkout ask it over the network.
   */
  served?: boolean;
}

export interface FlagIncident {
  dir: string;
  configMap: string;
  flag: string;
}

function topology(served: boolean): object {
  const entities: object[] = [];
  const edges: Array<{ source: string; target: string; relation: string }> = [];
  entities.push({ id: 'Node/node-1', kind: 'Node', name: 'node-1', namespace: null });
  for (const s of services) {
    entities.push({ id: id('Service', s), kind: 'Service', name: s, namespace: ns, labels: { app: s } });
    entities.push({ id: id('Deployment', s), kind: 'Deployment', name: s, namespace: ns, labels: { app: s } });
    entities.push({ id: id('ReplicaSet', replicaSets[s]), kind: 'ReplicaSet', name: replicaSets[s], namespace: ns, labels: { app: s } });
    entities.push({ id: pod(s), kind: 'Pod', name: pods[s], namespace: ns, labels: { app: s } });
    edges.push({ source: id('Service', s), target: pod(s), relation: 'contains' });
    edges.push({ source: id('Deployment', s), target: id('ReplicaSet', replicaSets[s]), relation: 'contains' });
    edges.push({ source: id('ReplicaSet', replicaSets[s]), target: pod(s), relation: 'contains' });
    edges.push({ source: pod(s), target: 'Node/node-1', relation: 'runs_on' });
  }
  entities.push({
    id: id('ConfigMap', 'flagd-config'),
    kind: 'ConfigMap',
    name: 'flagd-config',
    namespace: ns,
    attrs: { mountPath: '/etc/flagd' },
  });
  if (served) {
    const [rs, p] = ['flagd-7b9d8c6f5', 'flagd-7b9d8c6f5-x4c2v'];
    entities.push({ id: id('Service', 'flagd'), kind: 'Service', name: 'flagd', namespace: ns, labels: { app: 'flagd' } });
    entities.push({ id: id('Deployment', 'flagd'), kind: 'Deployment', name: 'flagd', namespace: ns, labels: { app: 'flagd' } });
    entities.push({ id: id('ReplicaSet', rs), kind: 'ReplicaSet', name: rs, namespace: ns, labels: { app: 'flagd' } });
    entities.push({ id: id('Pod', p), kind: 'Pod', name: p, namespace: ns, labels: { app: 'flagd' } });
    edges.push({ source: id('Service', 'flagd'), target: id('Pod', p), relation: 'contains' });
    edges.push({ source: id('Deployment', 'flagd'), target: id('ReplicaSet', rs), relation: 'contains' });
    edges.push({ source: id('ReplicaSet', rs), target: id('Pod', p), relation: 'contains' });
    edges.push({ source: id('Pod', p), target: 'Node/node-1', relation: 'runs_on' });
    edges.push({ source: id('ConfigMap', 'flagd-config'), target: id('Deployment', 'flagd'), relation: 'configures' });
  }
  for (const s of configured) {
    if (served) edges.push({ source: id('Service', s), target: id('Service', 'flagd'), relation: 'calls' });
    else edges.push({ source: id('ConfigMap', 'flagd-config'), target: id('Deployment', s), relation: 'configures' });
    edges.push({ source: id('Service', 'frontend'), target: id('Service', s), relation: 'calls' });
  }
  return { entities, edges };
}

interface Telemetry {
  spans: object[];
  logs: object[];
  metrics: object[];
}

const failureLog: Record<'ad' | 'cart', string> = {
  ad: 'GetAds Failed with status Status{code=UNAVAILABLE, description=null, cause=null}',
  cart: 'GetCart failed with status UNAVAILABLE: cart store not reachable',
};

function request(t: Telemetry, at: number, n: number, failing: 'ad' | 'cart' | null): void {
  const traceId = hex(n, 32);
  let span = n * 8;
  const next = (): string => hex(++span, 16);
  const root = next();
  const server = (s: Service, parent: string, name: string, offset: number, ms: number, error: string | null): string => {
    const spanId = next();
    t.spans.push({
      traceId,
      spanId,
      parentSpanId: parent,
      entity: pod(s),
      name,
      start: iso(at + offset),
      durationMs: ms,
      status: error === null ? 'ok' : 'error',
      kind: 'server',
      ...(error === null ? {} : { statusMessage: error }),
    });
    return spanId;
  };
  const client = (to: Service, offset: number, ms: number, error: string | null): string => {
    const spanId = next();
    t.spans.push({
      traceId,
      spanId,
      parentSpanId: root,
      entity: pod('frontend'),
      name: `call ${to}`,
      start: iso(at + offset),
      durationMs: ms,
      status: error === null ? 'ok' : 'error',
      kind: 'client',
      ...(error === null ? {} : { statusMessage: error }),
    });
    return spanId;
  };
  const fails = (s: 'ad' | 'cart'): boolean => failing === s;
  const adCall = client('ad', 2, 14, fails('ad') ? 'call ad returned UNAVAILABLE' : null);
  server('ad', adCall, 'oteldemo.AdService/GetAds', 3, 11, fails('ad') ? 'UNAVAILABLE' : null);
  t.logs.push({
    time: iso(at + 4),
    entity: pod('ad'),
    severity: 'INFO',
    body: 'Non-targeted ad request received, preparing random response.',
    traceId,
  });
  const cartCall = client('cart', 18, 9, fails('cart') ? 'call cart returned UNAVAILABLE' : null);
  server('cart', cartCall, 'oteldemo.CartService/GetCart', 19, 7, fails('cart') ? 'UNAVAILABLE' : null);
  const checkoutCall = client('checkout', 24, 4, null);
  server('checkout', checkoutCall, 'oteldemo.CheckoutService/GetSupportedCurrencies', 25, 2, null);
  if (failing !== null) t.logs.push({ time: iso(at + 20), entity: pod(failing), severity: 'WARN', body: failureLog[failing], traceId });
  t.spans.push({
    traceId,
    spanId: root,
    entity: pod('frontend'),
    name: 'GET /api/products',
    start: iso(at),
    durationMs: 30,
    status: failing === null ? 'ok' : 'error',
    kind: 'server',
    ...(failing === null ? {} : { statusMessage: `downstream ${failing} returned UNAVAILABLE` }),
  });
  t.logs.push({
    time: iso(at + 30),
    entity: pod('frontend'),
    severity: failing === null ? 'INFO' : 'ERROR',
    body:
      failing === null
        ? 'request completed path=/api/products status=200'
        : `request failed path=/api/products status=500: ${failing} UNAVAILABLE`,
    traceId,
  });
}

function telemetry(failing: 'ad' | 'cart'): Telemetry {
  const t: Telemetry = { spans: [], logs: [], metrics: [] };
  let n = 0;
  for (let m = 0; m < 60; m++) {
    for (let r = 0; r < requestsPerMinute; r++) {
      n += 1;
      request(t, start + m * minute + r * (minute / requestsPerMinute), n, m >= onsetMinute && r % 4 === 0 ? failing : null);
    }
    for (const [i, s] of services.entries())
      t.metrics.push({
        time: iso(start + m * minute + 59_000),
        entity: pod(s),
        name: 'cpu_usage_cores',
        value: 0.2 + i * 0.05 + (m % 3) * 0.01,
        unit: 'cores',
      });
  }
  return t;
}

/** The flagd file as the demo ships it, and with `flag`'s default variant switched to `variant`. */
function flagFiles(flag: string, variant: string): { before: string; after: string } {
  const before = readFileSync(path.join(demo, 'flagd', 'demo.flagd.json'), 'utf8');
  const doc = JSON.parse(before) as { flags: Record<string, { defaultVariant: string }> };
  const entry = doc.flags[flag];
  if (entry === undefined) throw new RangeError(`the demo's flagd file has no flag ${flag}`);
  entry.defaultVariant = variant;
  return { before, after: JSON.stringify(doc, null, 2) + '\n' };
}

/** Writes the bundle into `dir` (created). */
export function writeFlagIncident(dir: string, options: FlagIncidentOptions = {}): FlagIncident {
  const flag = options.flag ?? 'adFailure';
  mkdirSync(dir, { recursive: true });
  const write = (file: string, text: string): void => writeFileSync(path.join(dir, file), text);
  write(
    'snapshot.json',
    JSON.stringify(
      {
        format: 'eog-snapshot',
        version: 1,
        name: `Flag incident: ${flag} switched in flagd-config`,
        description: 'A feature flag switched on in a ConfigMap mounted into two services; one reads it.',
        incidentTime: iso(start + onsetMinute * minute),
        window: { start: iso(start + 30 * minute), end: iso(start + 60 * minute) },
        baseline: { start: iso(start), end: iso(start + 30 * minute - 1) },
        source: { kind: 'manual', generator: 'main/session/testing/flag-incident.ts' },
      },
      null,
      2,
    ) + '\n',
  );
  write('topology.json', JSON.stringify(topology(options.served === true), null, 2) + '\n');
  const t = telemetry(options.failing ?? 'ad');
  write('spans.jsonl', jsonl(t.spans));
  write('logs.jsonl', jsonl(t.logs));
  write('metrics.jsonl', jsonl(t.metrics));
  write(
    'alerts.jsonl',
    jsonl([
      {
        name: 'HighErrorRate',
        entity: id('Service', 'frontend'),
        severity: 'critical',
        startsAt: iso(start + (onsetMinute + 2) * minute),
        summary: 'error ratio of GET /api/products above 5 %',
      },
    ]),
  );
  const files = flagFiles(flag, options.variant ?? 'on');
  write(
    'changes.jsonl',
    jsonl([
      {
        time: iso(changeAt),
        entity: id('ConfigMap', 'flagd-config'),
        kind: 'config',
        summary: 'ConfigMap flagd-config updated: data.demo.flagd.json',
        diff: [{ path: 'data.demo.flagd.json', from: files.before, to: files.after }],
        actor: 'kubectl-edit',
      },
    ]),
  );
  if (options.source === true) {
    for (const s of configured) cpSync(path.join(demo, s), path.join(dir, 'code', s), { recursive: true });
    cpSync(path.join(demo, 'LICENSE'), path.join(dir, 'code', 'LICENSE'));
    write(
      'code.json',
      JSON.stringify({
        version: 1,
        services: configured.map((s) => ({
          entity: id('Service', s),
          root: `code/${s}`,
          commit: '054282e318317f2be09f67dd9b0d7d1278566cfa',
        })),
      }) + '\n',
    );
  }
  return { dir, configMap: id('ConfigMap', 'flagd-config'), flag };
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBundleStrict } from '../test-helpers.js';
import { convertCapture } from './convert.js';
import { PEER_SPAN_ATTR } from './peers.js';

const root = mkdtempSync(join(tmpdir(), 'eog-peers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Attr = { key: string; value: { stringValue: string } | { intValue: number } };
const str = (key: string, v: string): Attr => ({ key, value: { stringValue: v } });
const int = (key: string, v: number): Attr => ({ key, value: { intValue: v } });
const T0 = 1_796_661_568_000;
const ns = (ms: number): string => `${BigInt(ms) * 1_000_000n}`;

let n = 0;
const id = (len: number): string => (++n).toString(16).padStart(len, '0');

interface S {
  trace: string;
  span: string;
  parent?: string;
  name: string;
  kind: number;
  at: number;
  ms: number;
  attrs?: Attr[];
  error?: boolean;
}

function spanJson(s: S): object {
  return {
    traceId: s.trace,
    spanId: s.span,
    ...(s.parent ? { parentSpanId: s.parent } : {}),
    name: s.name,
    kind: s.kind,
    startTimeUnixNano: ns(s.at),
    endTimeUnixNano: ns(s.at + s.ms),
    attributes: s.attrs ?? [],
    status: { code: s.error ? 2 : 0 },
  };
}

function line(service: string, spans: S[]): string {
  return JSON.stringify({
    resourceSpans: [
      { resource: { attributes: [str('service.name', service), str('host.name', 'vm1')] }, scopeSpans: [{ spans: spans.map(spanJson) }] },
    ],
  });
}

/** frontend → cart (HTTP, answered) → redis (ioredis client span, no server side); catalog → postgres (pg). */
function capture(dir: string): void {
  const lines: string[] = [];
  for (let i = 0; i < 30; i++) {
    const trace = id(32);
    const [fe, feClient, cart, redis, cat, pg, lost] = [id(16), id(16), id(16), id(16), id(16), id(16), id(16)];
    const at = T0 + i * 1000;
    lines.push(
      line('frontend', [
        { trace, span: fe, name: 'GET /', kind: 2, at, ms: 20 },
        {
          trace,
          span: feClient,
          parent: fe,
          name: 'GET',
          kind: 3,
          at: at + 1,
          ms: 10,
          attrs: [str('server.address', '127.0.0.1'), int('server.port', 18082)],
        },
        // A later call to the same address that no server answered (cart stopped): still cart's, never a new peer.
        {
          trace,
          span: lost,
          parent: fe,
          name: 'GET',
          kind: 3,
          at: at + 12,
          ms: 5,
          error: true,
          attrs: [str('server.address', '127.0.0.1'), int('server.port', 18082)],
        },
      ]),
      line('cart', [
        { trace, span: cart, parent: feClient, name: 'GET /cart', kind: 2, at: at + 2, ms: 8 },
        {
          trace,
          span: redis,
          parent: cart,
          name: 'hgetall',
          kind: 3,
          at: at + 3,
          ms: 2,
          error: i >= 20,
          attrs: [str('db.system.name', 'redis'), str('server.address', '127.0.0.1'), int('server.port', 16379)],
        },
      ]),
      line('catalog', [
        { trace: id(32), span: cat, name: 'GET /products', kind: 2, at, ms: 9 },
        {
          trace: id(32),
          span: pg,
          name: 'pg.query:SELECT shop',
          kind: 3,
          at: at + 1,
          ms: 4,
          attrs: [str('db.system', 'postgresql'), str('net.peer.name', 'db.internal'), int('net.peer.port', 5432), str('db.name', 'shop')],
        },
      ]),
    );
  }
  mkdirSync(join(dir, 'otlp'), { recursive: true });
  writeFileSync(join(dir, 'otlp', 'traces.jsonl'), `${lines.join('\n')}\n`);
  const matrix = (series: { metric: Record<string, string>; values: [number, string][] }[]): string =>
    JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: series } });
  const values: [number, string][] = [
    [T0 / 1000, '1'],
    [T0 / 1000 + 5, 'NaN'],
  ];
  mkdirSync(join(dir, 'prom'), { recursive: true });
  writeFileSync(
    join(dir, 'prom', 'up.json'),
    matrix([
      { metric: { __name__: 'redis_up', job: 'cache', instance: '127.0.0.1:9121' }, values },
      { metric: { __name__: 'pg_up', job: 'pg-exporter', instance: '127.0.0.1:9187' }, values },
      { metric: { __name__: 'node_load1', job: 'node', instance: '127.0.0.1:9100' }, values },
      { metric: { __name__: 'instance:node_cpu_utilisation:rate1m', job: 'node', instance: '127.0.0.1:9100' }, values },
    ]),
  );
  const alerts = JSON.stringify({
    status: 'success',
    data: {
      alerts: [
        {
          labels: { alertname: 'RedisDown', job: 'cache', severity: 'critical' },
          state: 'firing',
          activeAt: new Date(T0 + 20_000).toISOString(),
        },
        {
          labels: { alertname: 'NodeBusy', job: 'node', severity: 'warning' },
          state: 'firing',
          activeAt: new Date(T0 + 20_000).toISOString(),
        },
      ],
    },
  });
  // Two saved snapshots of the alerts endpoint, both holding the same firing alerts.
  writeFileSync(join(dir, 'prom', 'alerts-1.json'), alerts);
  writeFileSync(join(dir, 'prom', 'alerts-2.json'), alerts);
}

describe('peers from client spans, exporters and capture noise', () => {
  const dir = join(root, 'capture');
  capture(dir);
  const result = convertCapture({ otlp: [join(dir, 'otlp')], prometheus: [join(dir, 'prom')] }, join(root, 'bundle'));
  const bundle = readBundleStrict(result.bundle);
  const entities = bundle.topology.entities.map((e) => e.id);
  const calls = bundle.topology.edges.filter((e) => e.relation === 'calls').map((e) => `${e.source} -> ${e.target}`);

  it('draws a database reached only through client spans as the exporter job of its system, with the call edge', () => {
    expect(entities).toContain('Service/cache');
    expect(entities).toContain('Service/pg-exporter');
    expect(calls).toEqual(expect.arrayContaining(['Service/cart -> Service/cache', 'Service/catalog -> Service/pg-exporter']));
    const cache = bundle.topology.entities.find((e) => e.id === 'Service/cache');
    expect(cache?.attrs).toMatchObject({ peer: 'client spans', system: 'redis', address: '127.0.0.1:16379' });
  });

  it("gives the peer a server span under each client span, with the caller's timing and status", () => {
    const derived = bundle.records.spans.filter((s) => s.entity === 'Service/cache');
    expect(derived).toHaveLength(30);
    expect(derived.every((s) => s.kind === 'server' && (s.attrs as Record<string, unknown>)[PEER_SPAN_ATTR] === true)).toBe(true);
    expect(derived.filter((s) => s.status === 'error')).toHaveLength(10);
    const clients = new Map(
      bundle.records.spans.filter((s) => s.entity === 'Service/cart' && s.kind === 'client').map((s) => [s.spanId, s]),
    );
    for (const s of derived) expect(s.durationMs).toBe(clients.get(String(s.parentSpanId))?.durationMs);
  });

  it('leaves a call to an address a service answered elsewhere with that service, never a new peer', () => {
    expect(entities.filter((e) => e.includes('127.0.0.1') || e.includes('external'))).toEqual([]);
    expect(bundle.records.spans.filter((s) => s.entity === 'Service/cart')).toHaveLength(60);
  });

  it("makes the node exporter's job the host the OTLP resources name, not a service", () => {
    expect(entities).toContain('Node/vm1');
    expect(entities).not.toContain('Service/node');
    expect(bundle.records.metrics.filter((m) => m.entity === 'Node/vm1')).toHaveLength(2);
    expect(bundle.records.alerts.filter((a) => a.entity === 'Node/vm1').map((a) => a.name)).toEqual(['NodeBusy']);
  });

  it('reads one alert however many saved snapshots hold it, drops NaN quietly with a count, and does not ask for kubectl', () => {
    expect(bundle.records.alerts.map((a) => `${a.name} ${a.entity}`).sort()).toEqual(['NodeBusy Node/vm1', 'RedisDown Service/cache']);
    expect((bundle.manifest.source as { droppedSamples?: number }).droppedSamples).toBe(4);
    expect(result.warnings.map((w) => w.message).filter((m) => /NaN|kubectl/.test(m))).toEqual([]);
  });
});

describe('a window given without a baseline', () => {
  it('takes the baseline from the longest stretch of spans the capture holds before the window', () => {
    const dir = join(root, 'stretches');
    capture(dir);
    // A second, shorter stretch ten minutes later (a lead before the window), apart by a gap.
    const lead = Array.from({ length: 5 }, (_, i) =>
      line('frontend', [{ trace: id(32), span: id(16), name: 'GET /', kind: 2, at: T0 + 600_000 + i * 1000, ms: 20 }]),
    );
    writeFileSync(join(dir, 'otlp', 'lead.jsonl'), `${lead.join('\n')}\n`);
    const window = { start: new Date(T0 + 900_000).toISOString(), end: new Date(T0 + 1_200_000).toISOString() };
    const converted = convertCapture({ otlp: [join(dir, 'otlp')], prometheus: [join(dir, 'prom')] }, join(root, 'stretches-bundle'), {
      window,
    });
    const manifest = readBundleStrict(converted.bundle).manifest;
    expect(manifest.baseline).toEqual({ start: new Date(T0).toISOString(), end: new Date(T0 + 29_000 + 12).toISOString() });
    expect((manifest.source as { baselinePeriod?: string }).baselinePeriod).toMatch(/before the window/);
    const given = convertCapture({ otlp: [join(dir, 'otlp')] }, join(root, 'given-bundle'), { window, baseline: window });
    expect(readBundleStrict(given.bundle).manifest.baseline).toEqual(window);
  });
});

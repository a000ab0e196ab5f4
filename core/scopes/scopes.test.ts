import { describe, expect, it } from 'vitest';
import { OperationalGraph } from '../graph/index.js';
import type { Topology } from '../model/topology.js';
import { alertSignature, formScopes, normaliseAlerts, normaliseSeverity, packetScope, scopeTopology, type RawAlert } from './index.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 1, 10);
const svc = (name: string): string => `shop/Service/${name}`;

/** web → api1, api2, api3 (one tier) ; api1 → db ; each service has one pod. */
function graph(): OperationalGraph {
  const names = ['web', 'api1', 'api2', 'api3', 'db', 'lone'];
  const topology: Topology = {
    entities: names.flatMap((n) => [
      { id: svc(n), kind: 'Service', name: n, namespace: 'shop', labels: {}, attrs: {} },
      { id: `shop/Pod/${n}-7c9d5b8f4-x2x9q`, kind: 'Pod', name: `${n}-7c9d5b8f4-x2x9q`, namespace: 'shop', labels: {}, attrs: {} },
    ]),
    edges: [
      ...names.map((n) => ({ source: svc(n), target: `shop/Pod/${n}-7c9d5b8f4-x2x9q`, relation: 'contains' as const })),
      ...['api1', 'api2', 'api3'].map((n) => ({ source: svc('web'), target: svc(n), relation: 'calls' as const })),
      { source: svc('api1'), target: svc('db'), relation: 'calls' },
    ],
  };
  return OperationalGraph.fromTopology(topology);
}

let line = 0;
function alert(entity: string, name: string, minute: number, labels: Record<string, string> = {}, severity = 'critical'): RawAlert {
  line += 1;
  return { id: `alert:${line}`, entity, name, severity, labels, startsAt: T0 + minute * MIN, endsAt: null, source: 'bundle' };
}

function scope(alerts: RawAlert[], windowMs?: number, baseline: { start: number; end: number } | null = null) {
  const topology = scopeTopology(graph());
  const normalised = normaliseAlerts(alerts, topology.resolve, topology.nameOf);
  return formScopes(normalised, topology, { window: { start: T0, end: T0 + 60 * MIN }, baseline, ...(windowMs ? { windowMs } : {}) });
}

describe('alert normalisation', () => {
  it('keeps the labels that name the kind and drops the ones that name an instance', () => {
    expect(
      alertSignature('HighErrorRate', { code: '500', pod: 'api1-7c9d5b8f4-x2x9q', instance: '10.0.0.3:9090', route: '/cart' }, 'api1'),
    ).toBe('HighErrorRate{code=500,route=/cart}');
    expect(alertSignature('KubePodNotReady', { reason: 'api1-crashing' }, 'api1')).toBe('KubePodNotReady');
  });

  it('maps every source’s severity to one scale and resolves the entities labels name', () => {
    expect(['CRITICAL', 'P2', 'warn', 'none'].map(normaliseSeverity)).toEqual(['critical', 'error', 'warning', 'info']);
    const topology = scopeTopology(graph());
    const [a] = normaliseAlerts([alert(svc('api1'), 'UpstreamErrors', 1, { destination: 'db' })], topology.resolve, topology.nameOf);
    expect(a).toMatchObject({ signature: 'UpstreamErrors', severity: 'critical', references: [svc('db')], source: 'bundle' });
  });
});

describe('scoping (XiHE dispatcher)', () => {
  it('starts one entity-bound scope per alerting entity, a pod speaking for its service', () => {
    const s = scope([alert(svc('web'), 'HighLatency', 1), alert('shop/Pod/db-7c9d5b8f4-x2x9q', 'HighErrorRate', 2)]);
    expect(s.scopes.map((x) => [x.id, x.kind, x.entities])).toEqual([
      ['S1', 'entity', [svc('web')]],
      ['S2', 'entity', [svc('db')]],
    ]);
  });

  it('fuses entities of one tier with the same signatures within the window, not later ones', () => {
    const s = scope([alert(svc('api1'), 'HighLatency', 1), alert(svc('api2'), 'HighLatency', 2), alert(svc('api3'), 'HighLatency', 9)]);
    expect(s.scopes.map((x) => [x.entities, x.merged])).toEqual([
      [[svc('api1'), svc('api2')], ['fusion']],
      [[svc('api3')], []],
    ]);
    // A wider window considers the third alert together with the others.
    expect(
      scope([alert(svc('api1'), 'HighLatency', 1), alert(svc('api2'), 'HighLatency', 2), alert(svc('api3'), 'HighLatency', 9)], 10 * MIN)
        .scopes,
    ).toHaveLength(1);
  });

  it('does not fuse different tiers or different signatures', () => {
    const s = scope([alert(svc('web'), 'HighLatency', 1), alert(svc('api1'), 'HighLatency', 1), alert(svc('api2'), 'HighErrorRate', 1)]);
    expect(s.scopes).toHaveLength(3);
  });

  it('clusters adjacent entities vertically only when one alert references both', () => {
    const referenced = scope([alert(svc('api1'), 'UpstreamErrors', 1, { destination: 'db' }), alert(svc('db'), 'HighErrorRate', 1)]);
    expect(referenced.scopes.map((x) => [x.entities, x.merged])).toEqual([[[svc('api1'), svc('db')], ['cluster']]]);
    const unreferenced = scope([alert(svc('api1'), 'UpstreamErrors', 1), alert(svc('db'), 'HighErrorRate', 1)]);
    expect(unreferenced.scopes).toHaveLength(2);
    const notAdjacent = scope([alert(svc('api2'), 'UpstreamErrors', 1, { destination: 'db' }), alert(svc('db'), 'HighErrorRate', 1)]);
    expect(notAdjacent.scopes).toHaveLength(2);
  });

  it('turns a signature firing everywhere at once into one signature-bound summary', () => {
    const everywhere = ['web', 'api1', 'api2', 'api3', 'db', 'lone'].flatMap((n, i) =>
      [0, 1, 2].map((k) =>
        alert(`shop/Pod/${n}-7c9d5b8f4-x2x9q`, 'CPUThrottlingHigh', 5 + i * 0.1 + k * 0.01, { instance: `10.0.0.${i}:9100` }, 'warning'),
      ),
    );
    const s = scope([alert(svc('db'), 'HighErrorRate', 1), ...everywhere]);
    const flood = s.scopes.find((x) => x.kind === 'signature');
    expect(s.scopes).toHaveLength(2);
    expect(flood?.flood).toMatchObject({ signature: 'CPUThrottlingHigh', total: 18, kept: 18, entities: 6, burst: 6 });
    expect(flood?.flood?.firstEntities.slice(0, 2)).toEqual([svc('web'), svc('api1')]);
    expect(flood?.entities).toHaveLength(6);
  });

  it('dismisses a flood at its baseline rate and monitoring noise', () => {
    const burst = (from: number) =>
      ['web', 'api1', 'api2', 'api3', 'db'].flatMap((n, i) =>
        [0, 1].map((k) => alert(svc(n), 'DiskAlmostFull', from + i * 0.1 + k * 0.01, {}, 'warning')),
      );
    const s = scope([...burst(-50), ...burst(5), alert(svc('web'), 'Watchdog', 3, {}, 'none')], undefined, {
      start: T0 - 60 * MIN,
      end: T0 - 1,
    });
    expect(s.scopes).toEqual([]);
    expect(s.dismissed.map((d) => d.reason)).toEqual([
      'fires at its baseline rate',
      'monitoring noise (heartbeat, inhibitor or informational)',
    ]);
  });

  it('is deterministic: the order alerts arrive in changes nothing', () => {
    const alerts = [
      alert(svc('api1'), 'HighLatency', 1),
      alert(svc('api2'), 'HighLatency', 2),
      alert(svc('db'), 'HighErrorRate', 0, { destination: 'api1' }),
    ];
    expect(scope([...alerts].reverse())).toEqual(scope(alerts));
  });

  it('summarises the node’s scope for its packet, leaving lone scopes out', () => {
    const s = scope([alert(svc('api1'), 'HighLatency', 1), alert(svc('api2'), 'HighLatency', 2), alert(svc('db'), 'HighErrorRate', 0)]);
    expect(packetScope(s.scopes, svc('db'))).toBeUndefined();
    expect(packetScope(s.scopes, svc('api2'))).toMatchObject({ id: 'S2', entities: [svc('api2'), svc('api1')], alerts: 2, floods: [] });
  });
});

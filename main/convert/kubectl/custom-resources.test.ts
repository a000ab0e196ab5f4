import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changeSources } from '../../../core/graph/change-reach.js';
import { OperationalGraph } from '../../../core/graph/operational-graph.js';
import { convertCapture } from '../capture/convert.js';
import { readBundleStrict } from '../test-helpers.js';

const data = join(import.meta.dirname, 'testdata');
const [before, after] = ['custom-before.json', 'custom-after.json'].map((f) => join(data, f)) as [string, string];
const root = mkdtempSync(join(tmpdir(), 'eog-kubectl-custom-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const convert = (files: string[], name: string): ReturnType<typeof convertCapture> => convertCapture({ kubectl: files }, join(root, name));

// Two dumps of a shop with a mesh, progressive delivery, event-driven autoscaling and fault
// injection installed: the custom resources are read by what their specs select, name or route.
describe('eog convert kubectl: custom resources act on what their spec selects, names or routes to', () => {
  const result = convert([after, before], 'custom');
  const bundle = readBundleStrict(result.bundle);
  const configures = bundle.topology.edges
    .filter((e) => e.relation === 'configures')
    .map((e) => `${e.source} → ${e.target}`)
    .sort();

  it('links each by the structure of its spec, never by its kind', () => {
    expect(configures).toEqual([
      // labelSelectors in the namespaces it lists: both cart pods, not the web pod, from its own namespace.
      'chaos-testing/PodChaos/cart-pod-failure → shop/Pod/cart-5f7d8c9b4-7xk2p',
      'chaos-testing/PodChaos/cart-pod-failure → shop/Pod/cart-5f7d8c9b4-q9w4z',
      // targetRef {kind, name}.
      'shop/Canary/web → shop/Deployment/web',
      // spec.host, a short name in its namespace.
      'shop/DestinationRule/web → shop/Service/web',
      // selector.pods {namespace: [names]}.
      'shop/NetworkChaos/web-delay → shop/Pod/web-6b9f7d5c8-m4n8t',
      // scaleTargetRef without a kind: the workload of that name.
      'shop/ScaledObject/cart → shop/Deployment/cart',
      // spec.hosts, the Service's fully qualified name.
      'shop/VirtualService/cart → shop/Service/cart',
    ]);
  });

  it('makes entities of the linked ones only: unrelated, dangling and malformed ones stay out', () => {
    const kinds = new Set(bundle.topology.entities.map((e) => e.kind));
    for (const kind of ['PodChaos', 'NetworkChaos', 'VirtualService', 'DestinationRule', 'Canary', 'ScaledObject'])
      expect(kinds).toContain(kind);
    for (const kind of ['ServiceEntry', 'Certificate', 'PrometheusRule', 'StressChaos', 'ServiceAccount', 'RoleBinding', 'ClusterIssuer'])
      expect(kinds).not.toContain(kind);
    expect(bundle.topology.entities.map((e) => e.id)).not.toContain('shop/ScaledObject/web');
  });

  it('dates an experiment created minutes before the incident and a routing edit between the dumps, as config changes', () => {
    const recent = bundle.records.changes.filter((c) => String(c.time) >= '2026-03-01');
    expect(recent).toEqual([
      {
        time: '2026-03-01T09:38:00.000Z',
        entity: 'chaos-testing/PodChaos/cart-pod-failure',
        kind: 'config',
        summary: 'PodChaos cart-pod-failure created: for pods app=cart in shop',
        diff: [],
        actor: 'kubectl-client-side-apply',
      },
      {
        time: '2026-03-01T09:40:30.000Z',
        entity: 'shop/VirtualService/cart',
        kind: 'config',
        summary: 'VirtualService cart updated: spec.http[0].route[0].destination.subset stable → v2',
        diff: [{ path: 'spec.http[0].route[0].destination.subset', from: 'stable', to: 'v2' }],
        actor: 'kubectl-edit',
      },
    ]);
    // Older creations are dated too (and fall outside any incident's window).
    expect(bundle.records.changes.find((c) => c.entity === 'shop/Canary/web')?.summary).toBe('Canary web created: for Deployment web');
  });

  it('reaches the workloads they act on through the configures edges, as a change source', () => {
    const graph = OperationalGraph.fromTopology(bundle.topology);
    const sources = changeSources(graph, 'shop/Service/cart');
    expect(sources).toEqual(
      expect.arrayContaining(['chaos-testing/PodChaos/cart-pod-failure', 'shop/ScaledObject/cart', 'shop/VirtualService/cart']),
    );
    expect(sources).not.toContain('shop/Canary/web');
  });

  it('skips what has none of the three shapes with one warning per kind, naming file and line', () => {
    const skipped = result.warnings.filter((w) => w.file === after && /is not one the converter reads/.test(w.message));
    expect(skipped.map((w) => w.message.replace(/ \(.*\)/, ''))).toEqual([
      // Two alert rules, one warning at the first.
      'line 992: kind PrometheusRule is not one the converter reads; skipped',
      'line 1068: kind ServiceAccount is not one the converter reads; skipped',
      'line 1088: kind RoleBinding is not one the converter reads; skipped',
    ]);
  });

  it('skips those whose spec names only what the dumps do not hold, with a warning', () => {
    expect(result.warnings).toContainEqual({
      file: after,
      message: 'line 757: ServiceEntry payments-api: its spec selects, names or routes to nothing the dumps hold; skipped',
    });
    expect(result.warnings).toContainEqual({
      file: after,
      message: 'line 951: Certificate cart-tls: its spec selects, names or routes to nothing the dumps hold; skipped',
    });
  });

  it('warns about a malformed selector or reference at its file and line, and converts the rest', () => {
    expect(result.warnings).toContainEqual({
      file: after,
      message:
        'line 906: StressChaos web-cpu: field "items[17].spec.selector.labelSelectors": expected an object of label values; nothing else in its spec links it: skipped',
    });
    expect(result.warnings).toContainEqual({
      file: after,
      message:
        'line 937: ScaledObject web: field "items[18].spec.scaleTargetRef": expected a reference {kind, name} with a name; nothing else in its spec links it: skipped',
    });
  });

  it('with one dump: the creation and the last edit it dates', () => {
    const single = readBundleStrict(convert([after], 'single').bundle);
    const recent = single.records.changes.filter((c) => String(c.time) >= '2026-03-01');
    expect(recent.map((c) => [c.time, c.entity, c.kind, c.diff, c.actor])).toEqual([
      ['2026-03-01T09:38:00.000Z', 'chaos-testing/PodChaos/cart-pod-failure', 'config', [], 'kubectl-client-side-apply'],
      ['2026-03-01T09:40:30.000Z', 'shop/VirtualService/cart', 'config', [], 'kubectl-edit'],
    ]);
  });
});

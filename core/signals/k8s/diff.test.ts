import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffObjects } from './diff.js';

const deployment = (image: string, replicas: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'cart',
    resourceVersion: String(replicas * 1000),
    generation: replicas,
    uid: `uid-${replicas}`,
    creationTimestamp: '2026-03-01T00:00:00Z',
    managedFields: [{ manager: 'kubectl', time: `2026-03-01T10:0${replicas}:00Z` }],
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': `{"r":${replicas}}`, 'team.example/owner': 'shop' },
  },
  spec: {
    replicas,
    template: {
      spec: {
        containers: [
          { name: 'sidecar', image: 'envoy:1.30' },
          { name: 'app', image, env: [{ name: 'LOG_LEVEL', value: 'info' }] },
        ],
      },
    },
    ...extra,
  },
  status: { readyReplicas: replicas, conditions: [{ lastTransitionTime: `t${replicas}`, status: 'True' }] },
});

describe('diffObjects', () => {
  it('ignores bookkeeping, status and time-like keys', () => {
    const a = deployment('cart:1', 2);
    const b = { ...deployment('cart:1', 2), status: { readyReplicas: 0 } };
    b.metadata = { ...b.metadata, resourceVersion: '9', uid: 'other', generation: 7, creationTimestamp: 'later' };
    expect(diffObjects(a, b)).toEqual([]);
  });

  it('names list items by their name and sorts paths', () => {
    const diff = diffObjects(deployment('cart:1', 2), deployment('cart:2', 3));
    expect(diff).toEqual([
      { path: 'spec.replicas', from: 2, to: 3 },
      { path: 'spec.template.spec.containers[app].image', from: 'cart:1', to: 'cart:2' },
    ]);
  });

  it('reports added and removed subtrees with null on the missing side', () => {
    const a = deployment('cart:1', 2);
    const b = deployment('cart:1', 2, { paused: true });
    b.spec.template.spec.containers[1] = {
      name: 'app',
      image: 'cart:1',
      env: [
        { name: 'LOG_LEVEL', value: 'info' },
        { name: 'FEATURE_X', value: 'on' },
      ],
    };
    expect(diffObjects(a, b)).toEqual([
      { path: 'spec.paused', from: null, to: true },
      { path: 'spec.template.spec.containers[app].env[FEATURE_X]', from: null, to: { name: 'FEATURE_X', value: 'on' } },
    ]);
    expect(diffObjects(b, a)[0]).toEqual({ path: 'spec.paused', from: true, to: null });
  });

  it('quotes odd keys and indexes unnamed lists', () => {
    const diff = diffObjects(
      { data: { 'demo.flagd.json': '{"on":false}' }, spec: { ports: [80, 443] } },
      { data: { 'demo.flagd.json': '{"on":true}' }, spec: { ports: [80, 8443] } },
    );
    expect(diff.map((d) => d.path)).toEqual(['data["demo.flagd.json"]', 'spec.ports[1]']);
  });

  it('does not depend on key order', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })),
        (a, b) => {
          const reorder = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
          expect(diffObjects(reorder(a), reorder(b))).toEqual(diffObjects(a, b));
          expect(diffObjects(a, a)).toEqual([]);
        },
      ),
    );
  });

  it('never reads inherited properties such as constructor or __proto__', () => {
    const a = JSON.parse('{"spec":{"__proto__":{"x":1}}}') as unknown;
    const b = JSON.parse('{"spec":{"constructor":"c"}}') as unknown;
    expect(diffObjects(a, b)).toEqual([
      { path: 'spec.__proto__', from: { x: 1 }, to: null },
      { path: 'spec.constructor', from: null, to: 'c' },
    ]);
  });

  it('survives hostile input: huge, deep and non-object values', () => {
    let deepA: unknown = 1;
    let deepB: unknown = 2;
    for (let i = 0; i < 10_000; i++) {
      deepA = { x: deepA };
      deepB = { x: deepB };
    }
    const deep = diffObjects(deepA, deepB);
    expect(deep).toHaveLength(1);
    expect(deep[0]?.path.split('.')).toHaveLength(32);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    expect(diffObjects({}, wide, { maxEntries: 10 })).toHaveLength(10);
    expect(diffObjects(1, 'one')).toEqual([{ path: '', from: 1, to: 'one' }]);
    expect(diffObjects(null, null)).toEqual([]);
  });
});

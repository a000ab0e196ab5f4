import { describe, expect, it } from 'vitest';
import { readReach, serviceOfHost } from './reach.js';
import type { SpecProblem } from './selector.js';

const read = (spec: unknown): { reach: ReturnType<typeof readReach>; problems: SpecProblem[] } => {
  const problems: SpecProblem[] = [];
  return { reach: readReach(spec, ['spec'], problems), problems };
};

describe('what a custom resource spec reaches', () => {
  it('reads the selector shapes controllers use', () => {
    expect(
      read({ selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] } }).reach?.pods,
    ).toEqual({
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] },
      namespaces: null,
    });
    expect(read({ selector: { app: 'web' } }).reach?.pods).toEqual({
      selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
      namespaces: null,
    });
    expect(read({ selector: { namespaces: ['shop'], labelSelectors: { app: 'web' } } }).reach?.pods).toEqual({
      selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
      namespaces: ['shop'],
    });
    expect(read({ selector: { labelSelectors: { app: 'web' }, pods: { shop: ['web-1'] } } }).reach?.pods).toEqual({
      pods: [{ namespace: 'shop', name: 'web-1' }],
    });
  });

  it('reads target references by their field or their {kind, name} shape, and hosts', () => {
    const { reach, problems } = read({
      scaleTargetRef: { name: 'cart' },
      analysisRef: { kind: 'Deployment', name: 'web', namespace: 'other' },
      backends: [{ kind: 'Service', name: 'a' }],
      containers: [{ name: 'not-a-ref' }],
      hosts: ['cart'],
      host: 'web.shop.svc.cluster.local',
    });
    expect(problems).toEqual([]);
    expect(reach).toEqual({
      pods: null,
      refs: [
        { kind: null, name: 'cart', namespace: null },
        { kind: 'Deployment', name: 'web', namespace: 'other' },
        { kind: 'Service', name: 'a', namespace: null },
      ],
      hosts: ['cart', 'web.shop.svc.cluster.local'],
    });
  });

  it('states nothing for a spec without any of them, or an empty selector', () => {
    expect(read({ groups: [{ name: 'x' }] })).toEqual({ reach: null, problems: [] });
    expect(read({ selector: {} })).toEqual({ reach: null, problems: [] });
    expect(read({ selector: { matchLabels: {} } })).toEqual({ reach: null, problems: [] });
    expect(read(undefined)).toEqual({ reach: null, problems: [] });
  });

  it('names the path of what is malformed, and drops the whole selector', () => {
    expect(read({ selector: 'app=web' }).problems).toEqual([
      { path: ['spec', 'selector'], message: 'expected a label selector (an object)' },
    ]);
    const bad = read({
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Like' }] },
      targetRef: { kind: 'Deployment' },
      hosts: 'cart',
    });
    expect(bad.reach).toBeNull();
    expect(bad.problems.map((p) => p.path.join('.'))).toEqual(['spec.selector.matchExpressions.0', 'spec.targetRef', 'spec.hosts']);
    expect(read({ selector: { pods: { shop: 'web-1' } } }).problems.map((p) => p.path.join('.'))).toEqual(['spec.selector.pods.shop']);
    expect(read({ selector: { app: { name: 'web' } } }).problems.map((p) => p.path.join('.'))).toEqual(['spec.selector.app']);
  });
});

describe('the Service a host names', () => {
  it('resolves the forms cluster DNS answers, from the namespace of the object', () => {
    expect(serviceOfHost('cart', 'shop')).toEqual({ name: 'cart', namespace: 'shop' });
    expect(serviceOfHost('cart.pay', 'shop')).toEqual({ name: 'cart', namespace: 'pay' });
    expect(serviceOfHost('cart.pay.svc', 'shop')).toEqual({ name: 'cart', namespace: 'pay' });
    expect(serviceOfHost('cart.pay.svc.cluster.local', 'shop')).toEqual({ name: 'cart', namespace: 'pay' });
    expect(serviceOfHost('cart.pay.svc.cluster.local.', 'shop')).toEqual({ name: 'cart', namespace: 'pay' });
  });

  it('names none for external hosts and wildcards', () => {
    expect(serviceOfHost('api.payments.example.com', 'shop')).toBeNull();
    expect(serviceOfHost('*', 'shop')).toBeNull();
    expect(serviceOfHost('*.shop.svc.cluster.local', 'shop')).toBeNull();
    expect(serviceOfHost('', 'shop')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { diffJson, normaliseObject } from './diff.js';
import { classifyChange } from './objects.js';

const deployment = (port: string, rv: string, ready: number): Record<string, unknown> => ({
  metadata: {
    name: 'checkout',
    resourceVersion: rv,
    generation: Number(rv),
    uid: rv,
    managedFields: [{ manager: rv }],
    creationTimestamp: rv,
    labels: { app: 'checkout' },
  },
  spec: {
    replicas: 1,
    template: {
      spec: {
        containers: [
          {
            name: 'checkout',
            image: 'demo:1',
            env: [
              { name: 'A', value: '1' },
              { name: 'KAFKA_ADDR', value: `kafka:${port}` },
            ],
          },
        ],
      },
    },
  },
  status: { readyReplicas: ready },
});

describe('k8s object diff', () => {
  it('ignores bookkeeping, status and time-like keys', () => {
    expect(diffJson(normaliseObject(deployment('9092', '1', 1)), normaliseObject(deployment('9092', '2', 0)))).toEqual([]);
  });

  it('matches named list items by name so a reordered list reports only the real change', () => {
    const before = deployment('9092', '1', 1);
    const after = deployment('9999', '2', 0);
    const spec = after.spec as { template: { spec: { containers: { env: unknown[] }[] } } };
    spec.template.spec.containers[0]?.env.reverse();
    expect(diffJson(normaliseObject(before), normaliseObject(after))).toEqual([
      { path: 'spec.template.spec.containers[checkout].env[KAFKA_ADDR].value', from: 'kafka:9092', to: 'kafka:9999' },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    expect(diffJson({ data: { 'flag.json': 'a' } }, { data: { 'flag.json': 'b' } })[0]?.path).toBe('data["flag.json"]');
  });

  it('classifies changes by what they touch', () => {
    const d = (path: string): { path: string; from: unknown; to: unknown }[] => [{ path, from: 1, to: 2 }];
    expect(classifyChange('Deployment', 'x', d('spec.template.spec.containers[x].image'))).toBe('image');
    expect(classifyChange('Deployment', 'x', d('spec.template.spec.containers[x].env[A].value'))).toBe('config');
    expect(classifyChange('Deployment', 'x', d('spec.replicas'))).toBe('scale');
    expect(classifyChange('ConfigMap', 'flagd-config', d('data["demo.flagd.json"]'))).toBe('feature_flag');
    expect(classifyChange('Deployment', 'x', d('spec.template.metadata.labels.v'))).toBe('deploy');
    expect(classifyChange('Service', 'x', d('spec.ports[0].port'))).toBe('other');
  });
});

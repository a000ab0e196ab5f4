import { describe, expect, it } from 'vitest';
import { matchEntity } from './match.js';
import { parseGroundTruth } from './parse.js';

const GT = parseGroundTruth(`groups:
  - {id: lg-pod, kind: Pod, namespace: otel-demo, filter: [load-generator-.*], root_cause: true}
  - {id: lg-svc, kind: Service, namespace: otel-demo, filter: [load-generator\\b]}
  - {id: fe-svc, kind: Service, namespace: otel-demo, filter: [frontend\\b]}
  - {id: fp-svc, kind: Service, namespace: otel-demo, filter: [frontend-proxy\\b]}
  - {id: fe-pod, kind: Pod, namespace: otel-demo, filter: [frontend-.*]}
  - {id: fp-pod, kind: Pod, namespace: otel-demo, filter: [frontend-proxy-.*]}
  - {id: flagd, kind: ConfigMap, namespace: otel-demo, name: flagd-config}
  - {id: node-1, kind: Node, filter: [worker-.*]}
  - {id: ns, kind: Namespace, namespace: otel-demo, name: otel-demo}
  - {id: hpa-a, kind: HorizontalPodAutoscaler, namespace: otel-demo, filter: ["*.*"]}
  - {id: hpa-b, kind: HorizontalPodAutoscaler, namespace: otel-demo, filter: ["*.*"], root_cause: true}
aliases:
  - [lg-pod, lg-svc, fp-svc]`);

const groupOf = (id: string) => matchEntity(GT, id)?.groupId ?? null;

describe('matchEntity', () => {
  it('needs the kinds to agree, ignoring case', () => {
    expect(groupOf('otel-demo/Pod/load-generator-5d8f-x2x4z')).toBe('lg-pod');
    expect(groupOf('otel-demo/pod/load-generator-5d8f-x2x4z')).toBe('lg-pod');
    expect(groupOf('otel-demo/Deployment/load-generator')).toBeNull();
  });

  it('needs the namespace to agree when the group has one', () => {
    expect(groupOf('other/Pod/load-generator-1')).toBeNull();
    expect(groupOf('Pod/load-generator-1')).toBeNull();
    expect(groupOf('Node/worker-1')).toBe('node-1');
    expect(groupOf('any-ns/Node/worker-1')).toBe('node-1');
  });

  it('ignores namespaces on cluster-scoped kinds, on either side', () => {
    expect(groupOf('Namespace/otel-demo')).toBe('ns');
    expect(groupOf('otel-demo/Namespace/otel-demo')).toBe('ns');
    expect(groupOf('Namespace/book-info')).toBeNull();
  });

  it('matches a group without filter by its exact name only', () => {
    expect(matchEntity(GT, 'otel-demo/ConfigMap/flagd-config')?.how.tier).toBe('name');
    expect(groupOf('otel-demo/ConfigMap/flagd-config-2')).toBeNull();
  });

  it('requires a full match: frontend\\b does not match the frontend-proxy service', () => {
    expect(groupOf('otel-demo/Service/frontend')).toBe('fe-svc');
    expect(groupOf('otel-demo/Service/frontend-proxy')).toBe('fp-svc');
    expect(groupOf('otel-demo/Service/my-frontend')).toBeNull();
  });

  it('prefers the most specific group and lists the others as candidates', () => {
    const match = matchEntity(GT, 'otel-demo/Pod/frontend-proxy-6c8d-abcde');
    expect(match?.groupId).toBe('fp-pod');
    expect(match?.candidates).toEqual(['fp-pod', 'fe-pod']);
    expect(match?.ambiguousWith).toEqual([]);
    expect(groupOf('otel-demo/Pod/frontend-6c8d-abcde')).toBe('fe-pod');
  });

  it('counts a match on any alias of a root-cause group as root cause', () => {
    expect(matchEntity(GT, 'otel-demo/Service/frontend-proxy')?.isRootCause).toBe(true);
    expect(matchEntity(GT, 'otel-demo/Service/load-generator')?.isRootCause).toBe(true);
    expect(matchEntity(GT, 'otel-demo/Service/frontend')?.isRootCause).toBe(false);
  });

  it('reports equally specific groups as ambiguous and prefers the root-cause one', () => {
    const match = matchEntity(GT, 'otel-demo/HorizontalPodAutoscaler/accounting');
    expect(match?.groupId).toBe('hpa-b');
    expect(match?.isRootCause).toBe(true);
    expect(match?.ambiguousWith).toEqual(['hpa-a']);
  });

  it('returns null for text that is not an entity id, without throwing', () => {
    expect(matchEntity(GT, 'load-generator')).toBeNull();
    expect(matchEntity(GT, 'a/b/c/d')).toBeNull();
    expect(matchEntity(GT, '')).toBeNull();
    expect(matchEntity(GT, `otel-demo/Pod/load-generator-${'x'.repeat(300)}`)).toBeNull();
  });
});

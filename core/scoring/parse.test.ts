import { describe, expect, it } from 'vitest';
import { GroundTruthParseError } from './errors.js';
import { parseGroundTruth } from './parse.js';
import type { GroundTruthWarningCode } from './types.js';

const BODY = `groups:
  - id: flagd-config
    kind: ConfigMap
    namespace: otel-demo
    name: flagd-config
    root_cause: true
  - id: cart-service-1
    kind: Service
    namespace: otel-demo
    filter: [cart\\b]
  - id: cart-pod-1
    kind: Pod
    namespace: otel-demo
    filter: [cart-.*]
aliases:
  - [cart-service-1, cart-pod-1]
alerts:
  - id: HighRequestErrorRate
    group_id: cart-service-1
    metadata: {description: errors}
propagations:
  - {source: flagd-config, target: cart-service-1, condition: flag on, effect: errors}
fault:
  - category: Configuration Setting
    entity: {group_id: flagd-config, kind: ConfigMap, name: flagd-config}
    fault_mechanism: custom(flagd)
`;

const indent = (text: string) => text.replace(/^/gm, '  ');
const codes = (text: string): GroundTruthWarningCode[] => parseGroundTruth(text, 't.yaml').warnings.map((w) => w.code);

describe('parseGroundTruth', () => {
  it('reads groups, aliases, alerts, propagations and faults', () => {
    const gt = parseGroundTruth(BODY, 'bare.yaml');
    expect(gt.groups.map((g) => [g.id, g.kind, g.namespace, g.name, g.rootCause])).toEqual([
      ['flagd-config', 'ConfigMap', 'otel-demo', 'flagd-config', true],
      ['cart-service-1', 'Service', 'otel-demo', null, false],
      ['cart-pod-1', 'Pod', 'otel-demo', null, false],
    ]);
    expect(gt.aliasClasses).toEqual([['flagd-config'], ['cart-service-1', 'cart-pod-1']]);
    expect(gt.rootCauseClasses).toEqual([0]);
    expect(gt.alerts).toEqual([{ id: 'HighRequestErrorRate', groupId: 'cart-service-1', description: 'errors' }]);
    expect(gt.propagations[0]).toMatchObject({ source: 'flagd-config', target: 'cart-service-1' });
    expect(gt.faults[0]).toMatchObject({ mechanism: 'custom(flagd)', entity: { groupId: 'flagd-config' } });
    expect(gt.warnings.map((w) => w.code)).toEqual(['missing_filter']);
  });

  it('unwraps spec: and ignores apiVersion, kind and metadata', () => {
    const wrapped = `apiVersion: itbench.io/v1\nkind: GroundTruth\nmetadata: {name: s}\nspec:\n${indent(BODY)}`;
    const a = parseGroundTruth(BODY, 'x');
    const b = parseGroundTruth(wrapped, 'x');
    expect(b).toEqual(a);
  });

  it('throws a named, actionable error on text that is not YAML', () => {
    expect(() => parseGroundTruth('groups: [unclosed', 'bad.yaml')).toThrow(GroundTruthParseError);
    expect(() => parseGroundTruth('groups: [unclosed', 'bad.yaml')).toThrow(/bad\.yaml: not valid YAML/);
  });

  it('throws when there is no usable group', () => {
    expect(() => parseGroundTruth('just a string', 's.yaml')).toThrow(/not a mapping/);
    expect(() => parseGroundTruth('alerts: []', 'a.yaml')).toThrow(/no "groups" list/);
    expect(() => parseGroundTruth('groups: []', 'a.yaml')).toThrow(GroundTruthParseError);
    expect(() => parseGroundTruth('groups: [{kind: Pod}, 7]', 'a.yaml')).toThrow(/no group has both/);
  });

  it('skips broken and duplicated groups with warnings', () => {
    const gt = parseGroundTruth(
      `groups:\n  - {kind: Pod}\n  - {id: a, kind: Pod, filter: [a-.*], root_cause: true}\n  - {id: a, kind: Service, filter: [b]}`,
    );
    expect(gt.groups.map((g) => `${g.id}:${g.kind}`)).toEqual(['a:Pod']);
    expect(gt.warnings.map((w) => w.code)).toEqual(['invalid_group', 'duplicate_group_id']);
  });

  it('accepts null, absent and single-string filters', () => {
    const gt = parseGroundTruth(
      `groups:\n  - {id: a, kind: Pod, filter: null, name: a-1, root_cause: true}\n  - {id: b, kind: Pod, filter: b-.*}\n  - {id: c, kind: Pod}`,
    );
    expect(gt.groups.map((g) => g.filters.map((f) => f.source))).toEqual([[], ['b-.*'], []]);
    expect(gt.warnings.map((w) => w.code)).toEqual(['missing_filter', 'unmatchable_group']);
  });

  it('reports references to undefined groups once per id, and alerts without a group', () => {
    const text = `groups:
  - {id: cart, kind: Service, filter: [cart], root_cause: true}
aliases: [[ghost, cart]]
alerts:
  - {id: NoRequests, group_id: ad-service}
  - {id: Orphan}
  - {id: Again, group_id: ad-service}
propagations:
  - {source: cart, target: node}
fault:
  - {entity: {group_id: pod-1, kind: Service}}`;
    const gt = parseGroundTruth(text);
    const undefinedRefs = gt.warnings.filter((w) => w.code === 'undefined_group_reference');
    expect(undefinedRefs.map((w) => w.groupIds[0])).toEqual(['ghost', 'ad-service', 'node', 'pod-1']);
    expect(undefinedRefs[1]?.message).toContain('alert NoRequests, alert Again');
    expect(codes(text)).toContain('alert_without_group');
    // The references are kept as data, not dropped.
    expect(gt.alerts.map((a) => a.groupId)).toEqual(['ad-service', null, 'ad-service']);
    expect(gt.propagations).toHaveLength(1);
  });

  it('drops the namespace of a cluster-scoped group with a warning', () => {
    const gt = parseGroundTruth(`groups:\n  - {id: ns, kind: Namespace, namespace: otel-demo, name: otel-demo, root_cause: true}`);
    expect(gt.groups[0]?.namespace).toBeNull();
    expect(gt.warnings.map((w) => w.code)).toContain('cluster_scoped_namespace');
  });

  it('closes aliases transitively and merges root-cause groups that alias each other', () => {
    const gt = parseGroundTruth(
      `groups:
  - {id: a, kind: Pod, filter: [a-.*], root_cause: true}
  - {id: b, kind: Service, filter: [a], root_cause: true}
  - {id: c, kind: Deployment, filter: [a]}
  - {id: d, kind: Pod, filter: [d-.*], root_cause: true}
aliases: [[a, c], [c, b], [d]]`,
    );
    expect(gt.aliasClasses).toEqual([['a', 'b', 'c'], ['d']]);
    expect(gt.rootCauseClasses).toEqual([0, 1]);
  });

  it('warns when no group is a root cause', () => {
    expect(codes('groups: [{id: a, kind: Pod, filter: [a]}]')).toContain('no_root_cause');
  });

  it('warns about glob-like and invalid filters', () => {
    expect(codes('groups: [{id: a, kind: Pod, filter: [productpage-v1-*], root_cause: true}]')).toEqual(['glob_filter']);
    expect(codes('groups: [{id: a, kind: Pod, filter: ["*.*"], root_cause: true}]')).toEqual(['invalid_filter']);
    expect(codes('groups: [{id: a, kind: Pod, filter: ["frontend-(x"], root_cause: true}]')).toEqual(['invalid_filter']);
  });

  it('reports overlapping, ambiguous and unanchored-overlap groups', () => {
    const gt = parseGroundTruth(`groups:
  - {id: fe-svc, kind: Service, namespace: otel-demo, filter: [frontend\\b], root_cause: true}
  - {id: fp-svc, kind: Service, namespace: otel-demo, filter: [frontend-proxy\\b]}
  - {id: fe-pod, kind: Pod, namespace: otel-demo, filter: [frontend-.*]}
  - {id: fp-pod, kind: Pod, namespace: otel-demo, filter: [frontend-proxy-.*]}
  - {id: hpa-a, kind: HorizontalPodAutoscaler, namespace: otel-demo, filter: ["*.*"]}
  - {id: hpa-b, kind: HorizontalPodAutoscaler, namespace: otel-demo, filter: ["*.*"]}`);
    const byCode = (code: GroundTruthWarningCode) => gt.warnings.filter((w) => w.code === code).map((w) => w.groupIds);
    expect(byCode('unanchored_overlap')).toEqual([['fp-svc', 'fe-svc']]);
    expect(byCode('overlapping_groups')).toEqual([['fp-pod', 'fe-pod']]);
    expect(byCode('ambiguous_groups')).toEqual([['hpa-a', 'hpa-b']]);
    expect(gt.warnings.find((w) => w.code === 'overlapping_groups')?.message).toContain('group fp-pod wins');
  });

  it('tolerates duplicate keys and odd scalar types', () => {
    const gt = parseGroundTruth('groups:\n  - {id: 7, kind: Pod, kind: Pod, filter: [7-.*], root_cause: "true"}');
    expect(gt.groups[0]).toMatchObject({ id: '7', rootCause: true });
  });
});

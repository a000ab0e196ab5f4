import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCapture } from '../capture/convert.js';
import { ConvertInputError } from '../errors.js';
import { readBundleStrict } from '../test-helpers.js';

const data = join(import.meta.dirname, 'testdata');
const [before, after, events] = ['before.json', 'after.json', 'events.json'].map((f) => join(data, f)) as [string, string, string];
const root = mkdtempSync(join(tmpdir(), 'eog-kubectl-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const convert = (files: string[], name: string): ReturnType<typeof convertCapture> => convertCapture({ kubectl: files }, join(root, name));

describe('eog convert kubectl: two dumps and the events', () => {
  const result = convert([before, after, events], 'ok');
  const bundle = readBundleStrict(result.bundle);

  it('builds the topology from owners, selectors, nodes and config references; old replica sets are history', () => {
    expect(bundle.topology.entities.map((e) => e.id)).toEqual([
      'Node/node-1',
      'shop/ConfigMap/cart-config',
      'shop/ConfigMap/kube-root-ca.crt',
      'shop/Deployment/cart',
      'shop/Pod/cart-fa276-pl9v7',
      'shop/ReplicaSet/cart-fa276',
      'shop/Secret/redis-auth',
      'shop/Service/cart',
    ]);
    expect(bundle.topology.edges.map((e) => `${e.source} ${e.relation} ${e.target}`).sort()).toEqual([
      'shop/ConfigMap/cart-config configures shop/Pod/cart-fa276-pl9v7',
      'shop/ConfigMap/kube-root-ca.crt configures shop/Pod/cart-fa276-pl9v7',
      'shop/Deployment/cart contains shop/ReplicaSet/cart-fa276',
      'shop/Pod/cart-fa276-pl9v7 runs_on Node/node-1',
      'shop/ReplicaSet/cart-fa276 contains shop/Pod/cart-fa276-pl9v7',
      'shop/Secret/redis-auth configures shop/Pod/cart-fa276-pl9v7',
      'shop/Service/cart contains shop/Pod/cart-fa276-pl9v7',
    ]);
    const pod = bundle.topology.entities.find((e) => e.kind === 'Pod');
    expect(pod?.attrs).toEqual({ nodeName: 'node-1', phase: 'Running', restarts: 3 });
  });

  it('reads events at their latest time, with markup kept as data', () => {
    expect(bundle.records.events).toEqual([
      {
        time: '2026-03-01T09:42:30.250Z',
        entity: 'shop/Deployment/cart',
        type: 'Normal',
        reason: 'ScalingReplicaSet',
        message: 'Scaled up replica set cart-fa276 to 1',
      },
      {
        time: '2026-03-01T09:44:00.000Z',
        entity: 'shop/Pod/cart-fa276-pl9v7',
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container server in pod cart-fa276-pl9v7_shop(p-1) <img src=x onerror=alert(1)>',
        count: 4,
      },
    ]);
  });

  it('reads the rollout history of the first dump, diffs successive dumps into changes dated and signed by managedFields, never copying a secret', () => {
    expect(bundle.records.changes).toEqual([
      {
        time: '2026-02-20T10:00:00.000Z',
        entity: 'shop/Deployment/cart',
        kind: 'image',
        summary:
          'Deployment cart rolled out revision 2: spec.template.spec.containers[0].image registry.example.com/shop/cart:1.3.0 → registry.example.com/shop/cart:1.4.0',
        diff: [
          {
            path: 'spec.template.spec.containers[0].image',
            from: 'registry.example.com/shop/cart:1.3.0',
            to: 'registry.example.com/shop/cart:1.4.0',
          },
        ],
        actor: 'argocd-controller',
      },
      {
        time: '2026-03-01T09:40:15.000Z',
        entity: 'shop/ConfigMap/cart-config',
        kind: 'config',
        summary: 'ConfigMap cart-config updated: data.REDIS_POOL 50 → 2',
        diff: [{ path: 'data.REDIS_POOL', from: '50', to: '2' }],
        actor: 'kubectl-edit',
      },
      {
        time: '2026-03-01T09:41:00.000Z',
        entity: 'shop/Secret/redis-auth',
        kind: 'config',
        summary: 'Secret redis-auth updated: data.password (secret) → (secret)',
        diff: [{ path: 'data.password', from: '(secret)', to: '(secret)' }],
        actor: 'helm',
      },
    ]);
    expect(readFileSync(join(result.bundle, 'changes.jsonl.gz')).includes('aHVudGVyMg')).toBe(false);
  });

  it('warns about what it cannot use: an unknown kind (with its line), an undated change', () => {
    expect(result.warnings).toContainEqual({
      file: before,
      message: expect.stringMatching(/^line 332: kind Rollout is not one the converter reads/) as string,
    });
    expect(result.warnings).toContainEqual({
      file: after,
      message: expect.stringContaining('Node node-1 changed since the previous dump but no managedFields time') as string,
    });
    expect(bundle.manifest.warnings).toEqual(result.warnings);
  });

  it('orders dumps by the newest time their objects show, not by the order given', () => {
    const reversed = convert([events, after, before], 'reversed');
    expect(readBundleStrict(reversed.bundle).records.changes).toEqual(bundle.records.changes);
  });

  it('with one dump: the topology, the rollout history, the config edits it dates, and a warning that their content needs two', () => {
    const single = convert([after], 'single');
    // The dump dates the ConfigMap's and the Secret's last edits and names their authors; what they changed needs the earlier dump.
    expect(readBundleStrict(single.bundle).records.changes.map((c) => [c.time, c.entity, c.kind, c.diff, c.actor])).toEqual([
      ['2026-02-20T10:00:00.000Z', 'shop/Deployment/cart', 'image', expect.any(Array), 'argocd-controller'],
      ['2026-03-01T09:40:15.000Z', 'shop/ConfigMap/cart-config', 'config', [], 'kubectl-edit'],
      ['2026-03-01T09:41:00.000Z', 'shop/Secret/redis-auth', 'config', [], 'helm'],
    ]);
    expect(single.counts.entities).toBe(8);
    expect(single.warnings).toContainEqual({
      file: after,
      message:
        'one kubectl dump: the changes it holds are the rollout history, policy objects created and when config and policy objects were last edited; what an edit changed needs two dumps of the same objects',
    });
  });
});

describe('eog convert kubectl: policy objects act on what they select, scale or name', () => {
  const [policiesBefore, policiesAfter] = ['policies-before.json', 'policies-after.json'].map((f) => join(data, f)) as [string, string];
  const result = convert([policiesAfter, policiesBefore], 'policies');
  const bundle = readBundleStrict(result.bundle);
  const configures = bundle.topology.edges
    .filter((e) => e.relation === 'configures')
    .map((e) => `${e.source} → ${e.target}`)
    .sort();

  it('links each policy object by the rule Kubernetes applies it with, within its namespace', () => {
    expect(configures).toEqual([
      // The autoscaler its scaleTargetRef.
      'shop/HorizontalPodAutoscaler/web → shop/Deployment/web',
      // The Ingress the Services it routes to that exist ("missing" is not in the dumps).
      'shop/Ingress/shop → shop/Service/web',
      // NotIn db: every pod but the database.
      'shop/NetworkPolicy/deny-web → shop/Pod/web-1',
      // The claim the pods that mount it.
      'shop/PersistentVolumeClaim/data-db-0 → shop/Pod/db-0',
      // matchExpressions In: the data tier.
      'shop/PodDisruptionBudget/db → shop/Pod/db-0',
      // The quota every workload and pod of its namespace; the one in "batch" nothing here.
      'shop/ResourceQuota/compute → shop/Deployment/web',
      'shop/ResourceQuota/compute → shop/Pod/db-0',
      'shop/ResourceQuota/compute → shop/Pod/web-1',
    ]);
    expect(result.warnings.filter((w) => /not one the converter reads/.test(w.message))).toEqual([]);
  });

  it('records a policy created between the dumps and an autoscaler lowered, as config and scale changes', () => {
    const recent = bundle.records.changes.filter((c) => String(c.time) >= '2026-03-01');
    expect(recent.map((c) => [c.time, c.entity, c.kind, c.actor])).toEqual([
      ['2026-03-01T09:42:00.000Z', 'shop/HorizontalPodAutoscaler/web', 'scale', 'kubectl-patch'],
      ['2026-03-01T09:43:00.000Z', 'shop/NetworkPolicy/deny-web', 'config', 'kubectl-create'],
    ]);
    expect(recent[0]?.diff).toEqual([{ path: 'spec.maxReplicas', from: 5, to: 1 }]);
    expect(recent[1]?.summary).toBe('NetworkPolicy deny-web created: policy types Ingress');
  });
});

describe('eog convert kubectl: bad input names file and line', () => {
  const fileWith = (name: string, text: string): string => {
    const file = join(root, name);
    writeFileSync(file, text);
    return file;
  };

  it('a truncated dump', () => {
    const text = readFileSync(before, 'utf8');
    const cut = fileWith('cut.json', text.slice(0, text.indexOf('"kind": "Pod"') + 20));
    expect(() => convert([cut], 'cut')).toThrow(ConvertInputError);
    expect(() => convert([cut], 'cut')).toThrow(/cut\.json:\d+: not valid JSON/);
  });

  it('a name of the wrong type, at its line', () => {
    const text = '{\n "kind": "List",\n "items": [\n  {"kind": "Pod",\n   "metadata": {"name": 7}}\n ]\n}';
    expect(() => convert([fileWith('types.json', text)], 'types')).toThrow(
      /types\.json:5: field "items\[0\]\.metadata\.name": expected a string/,
    );
  });

  it('an object without metadata', () => {
    const text = '{"kind": "List", "items": [\n{"kind": "ConfigMap", "data": {}}]}';
    expect(() => convert([fileWith('nometa.json', text)], 'nometa')).toThrow(
      /nometa\.json:2: field "items\[0\]\.metadata": expected an object/,
    );
  });
});

describe('eog convert kubectl: a pod carries its containers’ resource limits', () => {
  const container = (name: string, limits?: Record<string, unknown>) => ({ name, image: `${name}:1`, resources: limits ? { limits } : {} });
  const pod = (name: string, containers: unknown[]) => ({ kind: 'Pod', metadata: { name, namespace: 'shop' }, spec: { containers } });
  const file = join(root, 'limits.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        kind: 'List',
        items: [
          pod('two', [container('app', { cpu: '500m', memory: '256Mi' }), container('proxy', { cpu: 1, memory: '1Gi' })]),
          pod('unbounded-memory', [container('app', { cpu: '2' }), container('proxy', { cpu: '100m', memory: '64Mi' })]),
          pod('bad', [container('app', { cpu: 'lots', memory: '1e9' })]),
        ],
      },
      null,
      1,
    ),
  );
  const result = convert([file], 'limits');
  const attrs = (name: string) => readBundleStrict(result.bundle).topology.entities.find((e) => e.name === name)?.attrs;

  it('sums the containers’ limits in cores and bytes; one container without a limit leaves the pod unbounded in it', () => {
    expect(attrs('two')).toMatchObject({ cpuLimitCores: 1.5, memoryLimitBytes: 1.25 * 2 ** 30 });
    expect(attrs('unbounded-memory')).toMatchObject({ cpuLimitCores: 2.1 });
    expect(attrs('unbounded-memory')).not.toHaveProperty('memoryLimitBytes');
  });

  it('warns about a limit that is not a quantity, naming the pod and the container', () => {
    expect(attrs('bad')).toMatchObject({ memoryLimitBytes: 1e9 });
    expect(attrs('bad')).not.toHaveProperty('cpuLimitCores');
    expect(result.warnings).toContainEqual({
      file,
      message: expect.stringMatching(/Pod shop\/bad: container app has a cpu limit "lots" that is not a quantity/) as string,
    });
  });
});

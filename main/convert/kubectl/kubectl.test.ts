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

  it('with one dump: the topology, and a warning that changes need two', () => {
    const single = convert([after], 'single');
    // The rollout history is there; the ConfigMap edit needs the earlier dump.
    expect(single.counts.changes).toBe(1);
    expect(single.counts.entities).toBe(8);
    expect(single.warnings).toContainEqual({
      file: after,
      message: 'one kubectl dump: changes other than the rollout history need two dumps of the same objects',
    });
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

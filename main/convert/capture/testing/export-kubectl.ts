import { LIMIT_ATTRS } from '../../../../core/signals/index.js';
import { parseEntityId } from '../../../../core/model/ids.js';
import type { Topology } from '../../../../core/model/topology.js';
import { toMs, type Row } from './export-telemetry.js';

type Obj = Record<string, unknown>;

const K8S_SECONDS = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const MICRO = (ms: number): string => new Date(ms).toISOString().replace('Z', '000Z');

/**
 * `kubectl get … -o json` dumps of the objects the topology describes: dump k shows the
 * cluster after the first k changes (dated by managedFields, at the seconds precision
 * Kubernetes keeps), so a converter can diff successive dumps.
 */
export function kubectlDumps(topology: Topology, changes: readonly Row[], createdMs: number): string[] {
  const ordered = [...changes].sort((a, b) => toMs(a.time) - toMs(b.time));
  const base = new Map(topology.entities.filter((e) => KINDS.has(e.kind)).map((e) => [e.id, baseObject(e, topology, createdMs)]));
  for (const c of ordered) if (!base.has(String(c.entity))) throw new Error(`a change on ${String(c.entity)} cannot be shown by kubectl`);
  // The state before every change: undo them from the last to the first.
  for (const c of [...ordered].reverse()) for (const d of diffOf(c)) setPath(base.get(String(c.entity)) as Obj, d.path, d.from);
  const dumps: string[] = [listJson([...base.values()])];
  for (const c of ordered) {
    const object = base.get(String(c.entity)) as Obj;
    for (const d of diffOf(c)) setPath(object, d.path, d.to);
    const meta = object.metadata as Obj;
    meta.managedFields = [
      ...(meta.managedFields as Obj[]),
      { manager: c.actor ?? 'kubectl-edit', operation: 'Update', apiVersion: 'v1', time: K8S_SECONDS(toMs(c.time)) },
    ];
    dumps.push(listJson([...base.values()]));
  }
  return dumps;
}

/** `kubectl get events -o json`. */
export function kubectlEvents(events: readonly Row[]): string {
  const items = events.map((e, i) => {
    const { kind, name, namespace } = parseEntityId(String(e.entity));
    const ms = toMs(e.time);
    return {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${name}.${i.toString(16)}`, namespace: namespace ?? 'default', uid: `event-${i}` },
      involvedObject: { kind, name, ...(namespace ? { namespace } : {}) },
      type: e.type,
      reason: e.reason,
      message: e.message,
      ...(e.count === undefined ? {} : { count: e.count }),
      firstTimestamp: K8S_SECONDS(ms),
      lastTimestamp: K8S_SECONDS(ms),
      eventTime: MICRO(ms),
      source: { component: 'kubelet' },
    };
  });
  return listJson(items);
}

const KINDS = new Set(['Pod', 'Deployment', 'ReplicaSet', 'Service', 'ConfigMap', 'Secret', 'Node']);

function diffOf(change: Row): { path: string; from: unknown; to: unknown }[] {
  return Array.isArray(change.diff) ? (change.diff as { path: string; from: unknown; to: unknown }[]) : [];
}

function listJson(items: Obj[]): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }, null, 2);
}

function baseObject(e: Topology['entities'][number], topology: Topology, createdMs: number): Obj {
  const metadata: Obj = {
    name: e.name,
    ...(e.namespace ? { namespace: e.namespace } : {}),
    uid: `uid-${e.id.replace(/\//g, '-')}`,
    creationTimestamp: K8S_SECONDS(createdMs),
    labels: { ...(e.labels ?? {}) },
    managedFields: [{ manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'v1', time: K8S_SECONDS(createdMs) }],
  };
  const into = (relation: string, kind?: string): string[] =>
    topology.edges
      .filter((x) => x.target === e.id && x.relation === relation && (!kind || parseEntityId(x.source).kind === kind))
      .map((x) => x.source);
  const out = (relation: string): string[] =>
    topology.edges.filter((x) => x.source === e.id && x.relation === relation).map((x) => x.target);
  const owner = (kind: string): Obj[] =>
    into('contains', kind).map((id) => ({
      apiVersion: 'apps/v1',
      kind,
      name: parseEntityId(id).name,
      uid: `uid-${id.replace(/\//g, '-')}`,
      controller: true,
    }));
  const containers = [{ name: 'app', image: `registry.example.com/${e.name}:1` }];
  switch (e.kind) {
    case 'Pod': {
      const configs = into('configures');
      // The pod's limits as its spec states them (what the converter reads back into the same attrs).
      const limits = Object.fromEntries(
        (['cpu', 'memory'] as const).flatMap((r) => {
          const v = e.attrs?.[LIMIT_ATTRS[r]];
          return typeof v === 'number' ? [[r, String(v)]] : [];
        }),
      );
      return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { ...metadata, ownerReferences: owner('ReplicaSet') },
        spec: {
          nodeName: out('runs_on').map((n) => parseEntityId(n).name)[0],
          containers: Object.keys(limits).length > 0 ? containers.map((c) => ({ ...c, resources: { limits } })) : containers,
          volumes: configs.map((c) => {
            const { kind, name } = parseEntityId(c);
            return kind === 'Secret' ? { name, secret: { secretName: name } } : { name, configMap: { name } };
          }),
        },
        status: { phase: 'Running', containerStatuses: [{ name: 'app', restartCount: 0, ready: true }] },
      };
    }
    case 'ReplicaSet':
      return {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: { ...metadata, ownerReferences: owner('Deployment') },
        spec: { replicas: out('contains').length, template: { spec: { containers } } },
      };
    case 'Deployment':
      return {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata,
        spec: { replicas: 1, template: { metadata: { labels: e.labels }, spec: { containers } } },
      };
    case 'Service': {
      const pods = out('contains').filter((id) => parseEntityId(id).kind === 'Pod');
      const selector = selectorFor(pods, topology);
      return {
        apiVersion: 'v1',
        kind: 'Service',
        metadata,
        spec: { ...(selector ? { selector } : {}), ports: [{ port: 8080 }], type: 'ClusterIP' },
      };
    }
    case 'ConfigMap':
      return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: {} };
    case 'Secret':
      return { apiVersion: 'v1', kind: 'Secret', metadata, data: {}, type: 'Opaque' };
    default:
      return { apiVersion: 'v1', kind: 'Node', metadata, spec: {}, status: {} };
  }
}

/** The labels all of a service's pods share, checked to select exactly those pods. */
function selectorFor(pods: string[], topology: Topology): Record<string, string> | null {
  if (pods.length === 0) return null;
  const labelsOf = (id: string): Record<string, string> => topology.entities.find((x) => x.id === id)?.labels ?? {};
  const shared = Object.entries(labelsOf(pods[0] as string)).filter(([k, v]) => pods.every((p) => labelsOf(p)[k] === v));
  const ns = parseEntityId(pods[0] as string).namespace;
  const selected = topology.entities.filter((x) => x.kind === 'Pod' && x.namespace === ns && shared.every(([k, v]) => x.labels?.[k] === v));
  if (shared.length === 0 || selected.length !== pods.length)
    throw new Error(`no label selector picks exactly the pods of a service (${pods[0]})`);
  return Object.fromEntries(shared);
}

/** Sets `a.b[0].c` in an object, creating what is missing. */
export function setPath(root: Obj, path: string, value: unknown): void {
  const parts = path.match(/[^.[\]]+|\[\d+\]/g) ?? [];
  let node: Obj | unknown[] = root;
  parts.forEach((raw, i) => {
    const key: string | number = raw.startsWith('[') ? Number(raw.slice(1, -1)) : raw;
    const last = i === parts.length - 1;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[key] = value;
      return;
    }
    if (typeof container[key] !== 'object' || container[key] === null) container[key] = (parts[i + 1] ?? '').startsWith('[') ? [] : {};
    node = container[key] as Obj;
  });
}

import { makeEntityId } from '../../../core/model/ids.js';
import type { TopologyBuilder } from '../topology-builder.js';
import type { K8sObject } from './objects.js';

type Obj = Record<string, unknown>;

const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(asObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Kinds that are plumbing for other objects and would only clutter the graph. */
const HIDDEN_KINDS = new Set(['Event', 'Endpoints', 'EndpointSlice', 'Lease']);

/**
 * Derives the topology from Kubernetes objects: owners contain what they own, services
 * contain the pods behind them (Endpoints, else the selector), pods run on nodes, and config
 * maps, secrets and volume claims configure the pods and workloads that reference them.
 */
export function addK8sTopology(builder: TopologyBuilder, objects: Iterable<K8sObject>): void {
  const all = [...objects];
  const lastObservation = Math.max(...all.map((o) => o.lastSeen));
  for (const o of all) {
    if (HIDDEN_KINDS.has(o.kind)) continue;
    const labels = Object.fromEntries(
      Object.entries(asObj(asObj(o.body.metadata).labels)).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    // An object missing from the last observation was deleted (or replaced) during the capture.
    const attrs = o.lastSeen < lastObservation ? { lastSeen: new Date(o.lastSeen).toISOString() } : {};
    builder.addEntity(o.kind, o.name, o.namespace, attrs, labels);
  }
  const pods = all.filter((o) => o.kind === 'Pod');
  for (const o of all) {
    if (HIDDEN_KINDS.has(o.kind)) continue;
    const id = makeEntityId(o.kind, o.name, o.namespace);
    for (const owner of asList(asObj(o.body.metadata).ownerReferences)) {
      const kind = str(owner.kind);
      const name = str(owner.name);
      if (kind && name) builder.addEdge(makeEntityId(kind, name, o.namespace), id, 'contains');
    }
    const podSpec = o.kind === 'Pod' ? asObj(o.body.spec) : asObj(asObj(asObj(o.body.spec).template).spec);
    const node = str(podSpec.nodeName);
    if (o.kind === 'Pod' && node) builder.addEdge(id, makeEntityId('Node', node), 'runs_on');
    for (const ref of configReferences(podSpec)) builder.addEdge(makeEntityId(ref.kind, ref.name, o.namespace), id, 'configures');
  }
  for (const svc of all.filter((o) => o.kind === 'Service')) {
    const id = makeEntityId('Service', svc.name, svc.namespace);
    const endpoints = all.find((o) => o.kind === 'Endpoints' && o.name === svc.name && o.namespace === svc.namespace);
    const targets = endpoints ? endpointPods(endpoints) : [];
    const selector = asObj(asObj(svc.body.spec).selector);
    if (targets.length === 0 && Object.keys(selector).length > 0) {
      for (const pod of pods) {
        const labels = asObj(asObj(pod.body.metadata).labels);
        if (pod.namespace === svc.namespace && Object.entries(selector).every(([k, v]) => labels[k] === v)) targets.push(pod.name);
      }
    }
    for (const pod of targets) builder.addEdge(id, makeEntityId('Pod', pod, svc.namespace), 'contains');
  }
}

function endpointPods(endpoints: K8sObject): string[] {
  return asList(endpoints.body.subsets)
    .flatMap((s) => [...asList(s.addresses), ...asList(s.notReadyAddresses)])
    .map((a) => asObj(a.targetRef))
    .filter((ref) => ref.kind === 'Pod')
    .map((ref) => str(ref.name))
    .filter((n): n is string => n !== null);
}

/** ConfigMaps, Secrets and PVCs a pod spec mounts or reads into its environment. */
export function configReferences(podSpec: Obj): { kind: string; name: string }[] {
  const refs: { kind: string; name: string }[] = [];
  const add = (kind: string, name: unknown): void => {
    const n = str(name);
    if (n && !refs.some((r) => r.kind === kind && r.name === n)) refs.push({ kind, name: n });
  };
  for (const volume of asList(podSpec.volumes)) {
    add('ConfigMap', asObj(volume.configMap).name);
    add('Secret', asObj(volume.secret).secretName);
    add('PersistentVolumeClaim', asObj(volume.persistentVolumeClaim).claimName);
    for (const source of asList(asObj(volume.projected).sources)) {
      add('ConfigMap', asObj(source.configMap).name);
      add('Secret', asObj(source.secret).name);
    }
  }
  for (const container of [...asList(podSpec.containers), ...asList(podSpec.initContainers)]) {
    for (const env of asList(container.env)) {
      const from = asObj(env.valueFrom);
      add('ConfigMap', asObj(from.configMapKeyRef).name);
      add('Secret', asObj(from.secretKeyRef).name);
    }
    for (const envFrom of asList(container.envFrom)) {
      add('ConfigMap', asObj(envFrom.configMapRef).name);
      add('Secret', asObj(envFrom.secretRef).name);
    }
  }
  return refs;
}

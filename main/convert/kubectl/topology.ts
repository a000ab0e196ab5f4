import { safeName } from '../capture/entity-map.js';
import type { CaptureRecords } from '../capture/records.js';
import type { Json } from '../capture/values.js';
import { list, obj, str } from './loose.js';
import { entityIdOf, type KubeObject } from './objects.js';
import { policyEdges } from './policies.js';
import { parseQuantity } from './quantity.js';
import { LIMIT_ATTRS } from '../../../core/signals/index.js';

/**
 * The topology the objects state (each object as its latest dump shows it): owners contain
 * what they own (Deployment → ReplicaSet → Pod, StatefulSet/DaemonSet → Pod), a Service
 * contains the pods its selector matches, a Pod runs on its node, and a ConfigMap or Secret
 * configures the pods that mount it or read it into their environment. What governs how a
 * workload runs configures it too (`policyEdges`): an autoscaler its target, a NetworkPolicy or
 * PodDisruptionBudget the pods it selects, a ResourceQuota or LimitRange every workload of its
 * namespace, a PersistentVolumeClaim the pods that mount it, an Ingress the Services it routes
 * to, a custom resource what its spec selects, names or routes to. A ReplicaSet scaled to zero that owns no pod is rollout history, not part of the running
 * system: it is left out.
 */
export function addKubeTopology(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const pods = objects.filter((o) => o.kind === 'Pod');
  const owned = new Set(
    pods.flatMap((p) => list(obj(p.body.metadata).ownerReferences).map((r) => `${String(r.kind)}/${p.namespace}/${String(r.name)}`)),
  );
  for (const o of objects) {
    if (o.kind === 'Event') continue;
    if (o.kind === 'ReplicaSet' && obj(o.body.spec).replicas === 0 && !owned.has(`ReplicaSet/${o.namespace}/${o.name}`)) continue;
    const id = entityIdOf(o);
    capture.topology.addEntity(
      o.kind,
      safeName(o.name),
      o.kind === 'Node' ? null : o.namespace && safeName(o.namespace),
      attrsOf(o, (message) => capture.warn(o.file, `${o.kind} ${o.namespace ?? ''}/${o.name}: ${message}`)),
      o.labels,
    );
    capture.described.add(id);
    for (const ref of list(obj(o.body.metadata).ownerReferences)) {
      const kind = str(ref.kind);
      const name = str(ref.name);
      if (kind && name) capture.topology.addEdge(entityIdOf({ kind, name, namespace: o.namespace }), id, 'contains');
    }
  }
  for (const s of objects.filter((o) => o.kind === 'Service')) {
    const selector = obj(obj(s.body.spec).selector);
    const entries = Object.entries(selector);
    if (entries.length === 0) continue;
    for (const p of pods)
      if (p.namespace === s.namespace && entries.every(([k, v]) => p.labels[k] === v))
        capture.topology.addEdge(entityIdOf(s), entityIdOf(p), 'contains');
  }
  for (const p of pods) {
    const spec = obj(p.body.spec);
    const node = str(spec.nodeName);
    if (node) capture.topology.addEdge(entityIdOf(p), entityIdOf({ kind: 'Node', name: node, namespace: null }), 'runs_on');
    for (const [kind, name] of configSources(spec))
      capture.topology.addEdge(entityIdOf({ kind, name, namespace: p.namespace }), entityIdOf(p), 'configures');
  }
  for (const [source, target] of policyEdges(objects)) capture.topology.addEdge(source, target, 'configures');
}

/** ConfigMaps and Secrets a pod spec mounts (volumes, projected volumes) or reads (env, envFrom). */
function configSources(spec: Json): [string, string][] {
  const found: [string, string][] = [];
  const add = (kind: string, name: unknown): void => {
    const n = str(name);
    if (n) found.push([kind, n]);
  };
  for (const v of list(spec.volumes)) {
    add('ConfigMap', obj(v.configMap).name);
    add('Secret', obj(v.secret).secretName);
    for (const source of list(obj(v.projected).sources)) {
      add('ConfigMap', obj(source.configMap).name);
      add('Secret', obj(source.secret).name);
    }
  }
  for (const c of [...list(spec.containers), ...list(spec.initContainers)]) {
    for (const e of list(c.envFrom)) {
      add('ConfigMap', obj(e.configMapRef).name);
      add('Secret', obj(e.secretRef).name);
    }
    for (const e of list(c.env)) {
      const from = obj(e.valueFrom);
      add('ConfigMap', obj(from.configMapKeyRef).name);
      add('Secret', obj(from.secretKeyRef).name);
    }
  }
  return found;
}

/** A few facts worth showing on the entity; the rest of the object stays in the dump. */
function attrsOf(o: KubeObject, warn: (message: string) => void): Record<string, unknown> {
  const spec = obj(o.body.spec);
  const status = obj(o.body.status);
  switch (o.kind) {
    case 'Pod':
      return {
        ...(str(spec.nodeName) ? { nodeName: spec.nodeName } : {}),
        ...(str(status.phase) ? { phase: status.phase } : {}),
        restarts: list(status.containerStatuses).reduce((n, c) => n + (typeof c.restartCount === 'number' ? c.restartCount : 0), 0),
        ...podLimits(list(spec.containers), warn),
      };
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet':
      return {
        ...(typeof spec.replicas === 'number' ? { replicas: spec.replicas } : {}),
        images: list(obj(obj(spec.template).spec).containers).map((c) => c.image),
      };
    case 'Service':
      return { ...(str(spec.type) ? { type: spec.type } : {}), ports: list(spec.ports).map((p) => p.port) };
    default:
      return {};
  }
}

/**
 * A pod's CPU and memory limits (cores, bytes: core/signals LIMIT_ATTRS), the sum over its
 * containers. A container without a limit for a resource leaves the pod unbounded in it: no
 * limit is stated then.
 */
function podLimits(containers: readonly Json[], warn: (message: string) => void): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [resource, attr] of Object.entries(LIMIT_ATTRS)) {
    let sum = 0;
    for (const c of containers) {
      const text = obj(obj(c.resources).limits)[resource];
      const value = parseQuantity(text);
      if (value === null && text !== undefined)
        warn(`container ${String(c.name)} has a ${resource} limit ${JSON.stringify(text)} that is not a quantity; its limit is not read`);
      if (value === null || value <= 0) {
        sum = Number.NaN;
        break;
      }
      sum += value;
    }
    if (containers.length > 0 && Number.isFinite(sum)) out[attr] = sum;
  }
  return out;
}

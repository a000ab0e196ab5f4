import type { EntityId } from '../../../core/model/ids.js';
import type { CaptureRecords } from '../capture/records.js';
import type { Json } from '../capture/values.js';
import { list, obj, str } from './loose.js';
import { entityIdOf, latestViews, objectKey, type KubeObject } from './objects.js';
import { serviceOfHost, type Reach } from './reach.js';
import { matchesSelector } from './selector.js';

/** Kinds that run pods: what a namespace-wide policy (a quota, default limits) acts on besides the pods. */
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);
const POD_KIND = new Set(['Pod']);
const QUOTA_TARGETS = new Set(['Pod', ...WORKLOAD_KINDS]);

/**
 * What a policy object acts on, by the rules Kubernetes applies it with: an autoscaler its
 * `scaleTargetRef`; a NetworkPolicy the pods its `podSelector` selects (`{}`: every pod of the
 * namespace); a PodDisruptionBudget the pods its `selector` selects; a ResourceQuota or
 * LimitRange every workload and pod of its namespace (admission checks each new pod); a
 * PersistentVolumeClaim the pods that mount it; an Ingress the Services its rules and default
 * backend route to. A custom resource acts on what its spec reaches (`reachTargets`). Only
 * objects the dumps hold are linked. `objects`: the latest view of each.
 */
export function policyEdges(objects: readonly KubeObject[]): [EntityId, EntityId][] {
  const present = objects.filter((o) => o.kind !== 'Event');
  const byId = new Map(present.map((o) => [entityIdOf(o), o]));
  const inNamespace = (o: KubeObject, kinds: ReadonlySet<string>): KubeObject[] =>
    present.filter((x) => x.namespace === o.namespace && kinds.has(x.kind));
  const podsOf = (o: KubeObject): KubeObject[] => inNamespace(o, POD_KIND);
  const edges: [EntityId, EntityId][] = [];
  const link = (from: KubeObject, to: KubeObject): void => void edges.push([entityIdOf(from), entityIdOf(to)]);
  const named = (o: KubeObject, kind: string, name: string | null): void => {
    const target = name === null ? undefined : byId.get(entityIdOf({ kind, name, namespace: o.namespace }));
    if (target) link(o, target);
  };
  for (const o of present) {
    const spec = obj(o.body.spec);
    switch (o.kind) {
      case 'HorizontalPodAutoscaler': {
        const ref = obj(spec.scaleTargetRef);
        const kind = str(ref.kind);
        if (kind) named(o, kind, str(ref.name));
        break;
      }
      case 'NetworkPolicy':
        for (const p of podsOf(o)) if (matchesSelector(p.labels, spec.podSelector ?? {})) link(o, p);
        break;
      case 'PodDisruptionBudget':
        for (const p of podsOf(o)) if (matchesSelector(p.labels, spec.selector)) link(o, p);
        break;
      case 'ResourceQuota':
      case 'LimitRange':
        for (const w of inNamespace(o, QUOTA_TARGETS)) link(o, w);
        break;
      case 'PersistentVolumeClaim':
        for (const p of podsOf(o))
          if (list(obj(p.body.spec).volumes).some((v) => str(obj(v.persistentVolumeClaim).claimName) === o.name)) link(o, p);
        break;
      case 'Ingress':
        for (const name of ingressBackends(spec)) named(o, 'Service', name);
        break;
      default:
        if (o.custom) for (const target of reachTargets(o, o.custom.reach, present, byId)) link(o, target);
    }
  }
  return edges;
}

/**
 * What a custom resource's reach names that the dumps hold, itself aside: the pods its selector
 * picks (in the namespaces it lists, else its own) or names; the objects it references (in the
 * reference's namespace, else its own; a reference without a kind names a workload, the usual
 * default); the Services its hosts resolve to.
 */
function reachTargets(o: KubeObject, reach: Reach, present: readonly KubeObject[], byId: ReadonlyMap<EntityId, KubeObject>): KubeObject[] {
  const lookup = (kind: string, name: string, namespace: string | null): KubeObject[] => {
    const found = byId.get(entityIdOf({ kind, name, namespace }));
    return found ? [found] : [];
  };
  const { pods } = reach;
  const picked =
    pods === null
      ? []
      : 'pods' in pods
        ? pods.pods.flatMap((p) => lookup('Pod', p.name, p.namespace))
        : podsMatching(pods.selector, pods.namespaces ?? [o.namespace], present);
  const referenced = reach.refs.flatMap((ref) =>
    (ref.kind === null ? [...WORKLOAD_KINDS] : [ref.kind]).flatMap((kind) => lookup(kind, ref.name, ref.namespace ?? o.namespace)),
  );
  const routed = reach.hosts.flatMap((host) => {
    const service = serviceOfHost(host, o.namespace);
    return service ? lookup('Service', service.name, service.namespace) : [];
  });
  return [...picked, ...referenced, ...routed].filter((t) => t !== o);
}

const podsMatching = (selector: unknown, namespaces: readonly (string | null)[], present: readonly KubeObject[]): KubeObject[] =>
  present.filter((p) => p.kind === 'Pod' && namespaces.includes(p.namespace) && matchesSelector(p.labels, selector));

/**
 * The objects without the custom resources that act on nothing the dumps hold (judged on the
 * latest view of each, until no more drop out: one that only names another dropped one goes
 * too), warned about once per kind and file at the first one's line. Unrelated custom
 * resources (certificates, alert rules…) so stay out of the topology.
 */
export function withoutUnlinked(objects: readonly KubeObject[], capture: CaptureRecords): KubeObject[] {
  const unlinked = new Set<string>();
  let kept = latestViews(objects);
  let dropped: KubeObject[];
  do {
    const sources = new Set(policyEdges(kept).map(([source]) => source));
    dropped = kept.filter((o) => o.custom && !sources.has(entityIdOf(o)));
    for (const o of dropped) unlinked.add(objectKey(o));
    kept = kept.filter((o) => !unlinked.has(objectKey(o)));
  } while (dropped.length > 0);
  const byKind = new Map<string, KubeObject[]>();
  for (const o of objects) {
    const key = `${o.file}\u0000${o.kind}`;
    if (unlinked.has(objectKey(o))) byKind.set(key, [...(byKind.get(key) ?? []), o]);
  }
  for (const [first, ...more] of byKind.values()) {
    if (!first) continue;
    const line = first.custom?.line ?? null;
    capture.warn(
      first.file,
      `${line === null ? '' : `line ${line}: `}${first.kind} ${first.name}${more.length > 0 ? ` and ${more.length} more of its kind` : ''}: its spec selects, names or routes to nothing the dumps hold; skipped`,
    );
  }
  return objects.filter((o) => !unlinked.has(objectKey(o)));
}

/** The Services an Ingress routes to: its rules' paths and its default backend (networking/v1 and v1beta1 shapes). */
function ingressBackends(spec: Json): string[] {
  const backends = [obj(spec.defaultBackend), obj(spec.backend)];
  for (const rule of list(spec.rules)) for (const p of list(obj(rule.http).paths)) backends.push(obj(p.backend));
  const names = backends.map((b) => str(obj(b.service).name) ?? str(b.serviceName));
  return [...new Set(names.filter((n): n is string => n !== null))];
}

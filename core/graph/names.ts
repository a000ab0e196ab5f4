/**
 * Name normalisation for Kubernetes workloads. A Deployment's pods are named
 * `<deployment>-<replicaset hash>-<pod hash>` and its ReplicaSets `<deployment>-<hash>`;
 * StatefulSet pods are `<statefulset>-<ordinal>`. Datasets without owner references (Nezha)
 * rely on these conventions to tie a pod back to its service.
 */

const ORDINAL = /^\d+$/;
/** Kubernetes' pod-template-hash and pod suffix: short lower-case alphanumerics. */
const TEMPLATE_HASH = /^[a-z0-9]{5,10}$/;
const POD_SUFFIX = /^[a-z0-9]{5}$/;

/** ts-order-service-5d8f7b6c9-abcde → ts-order-service; redis-0 → redis. */
export function serviceOfPod(podName: string): string {
  const parts = podName.split('-');
  const last = parts[parts.length - 1] ?? '';
  const hash = parts[parts.length - 2] ?? '';
  // A Deployment pod's random suffix can be all digits (…-5dc8d4f9fd-46997): it is an ordinal
  // only when the segment before it is not a template hash.
  const isDeploymentPod = parts.length >= 3 && POD_SUFFIX.test(last) && TEMPLATE_HASH.test(hash) && /\d/.test(hash);
  if (!isDeploymentPod && parts.length >= 2 && ORDINAL.test(last)) return parts.slice(0, -1).join('-');
  // A name with fewer than three segments has no room for both hashes: leave it alone.
  if (parts.length < 3) return podName;
  return parts.slice(0, -2).join('-');
}

/** ts-order-service-5d8f7b6c9 → ts-order-service. */
export function deploymentOfReplicaSet(replicaSetName: string): string {
  const parts = replicaSetName.split('-');
  if (parts.length < 2) return replicaSetName;
  return parts.slice(0, -1).join('-');
}

const WORKLOAD_KINDS = new Set(['Service', 'Deployment', 'StatefulSet', 'DaemonSet']);

/**
 * The application an entity belongs to, or null for kinds that are not part of an app's
 * Service ↔ Deployment ↔ ReplicaSet ↔ Pod chain (nodes, config maps...).
 */
export function appNameOf(kind: string, name: string): string | null {
  if (kind === 'Pod') return serviceOfPod(name);
  if (kind === 'ReplicaSet') return deploymentOfReplicaSet(name);
  if (WORKLOAD_KINDS.has(kind)) return name;
  return null;
}

import { makeEntityId, type EntityId } from '../../../core/model/ids.js';

/** Service of a pod = the pod name without its ReplicaSet hash and pod suffix. */
export function serviceOfPod(pod: string): string {
  const parts = pod.split('-');
  return parts.length > 2 ? parts.slice(0, -2).join('-') : pod;
}

/** Pods and services live in the namespace of the system the capture was recorded on (see system.ts). */
export function podId(pod: string, namespace: string): EntityId {
  return makeEntityId('Pod', pod, namespace);
}

export function serviceId(service: string, namespace: string): EntityId {
  return makeEntityId('Service', service, namespace);
}

/** Nodes are cluster-scoped and named by the IP the log collector reports. */
export function nodeId(node: string): EntityId {
  return makeEntityId('Node', node);
}

import { makeEntityId, type EntityId } from '../../../core/model/ids.js';

/** TrainTicket runs in one Kubernetes namespace; Nezha does not record it. */
export const NEZHA_NAMESPACE = 'train-ticket';

/** Service of a pod = the pod name without its ReplicaSet hash and pod suffix. */
export function serviceOfPod(pod: string): string {
  const parts = pod.split('-');
  return parts.length > 2 ? parts.slice(0, -2).join('-') : pod;
}

export function podId(pod: string): EntityId {
  return makeEntityId('Pod', pod, NEZHA_NAMESPACE);
}

export function serviceId(service: string): EntityId {
  return makeEntityId('Service', service, NEZHA_NAMESPACE);
}

/** Nodes are cluster-scoped and named by the IP the log collector reports. */
export function nodeId(node: string): EntityId {
  return makeEntityId('Node', node);
}

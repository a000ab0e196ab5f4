/**
 * Kubernetes kinds that live outside namespaces. Real ground-truth files sometimes give such a
 * group a namespace (`kind: Namespace, namespace: otel-demo`); for these kinds it is ignored.
 */
const CLUSTER_SCOPED_KINDS = new Set(
  [
    'Namespace',
    'Node',
    'PersistentVolume',
    'StorageClass',
    'ClusterRole',
    'ClusterRoleBinding',
    'CustomResourceDefinition',
    'PriorityClass',
    'IngressClass',
    'RuntimeClass',
    'MutatingWebhookConfiguration',
    'ValidatingWebhookConfiguration',
    'APIService',
    'CSIDriver',
    'CSINode',
    'VolumeAttachment',
    'ClusterIssuer',
  ].map((k) => k.toLowerCase()),
);

export function isClusterScopedKind(kind: string): boolean {
  return CLUSTER_SCOPED_KINDS.has(kind.toLowerCase());
}

export function sameKind(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

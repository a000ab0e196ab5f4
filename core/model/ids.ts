/**
 * Entity ids are `namespace/Kind/name`, or `Kind/name` for cluster-scoped objects.
 * Kinds keep their Kubernetes spelling (`Service`, `Pod`, `ConfigMap`).
 */
export type EntityId = string;

export interface ParsedEntityId {
  namespace: string | null;
  kind: string;
  name: string;
}

export class InvalidEntityIdError extends Error {
  override name = 'InvalidEntityIdError';
  constructor(id: string) {
    super(`"${id}" is not an entity id: expected "namespace/Kind/name" or "Kind/name"`);
  }
}

export function parseEntityId(id: EntityId): ParsedEntityId {
  const parts = id.split('/');
  if (parts.length === 3 && parts.every((p) => p.length > 0)) {
    const [namespace, kind, name] = parts as [string, string, string];
    return { namespace, kind, name };
  }
  if (parts.length === 2 && parts.every((p) => p.length > 0)) {
    const [kind, name] = parts as [string, string];
    return { namespace: null, kind, name };
  }
  throw new InvalidEntityIdError(id);
}

export function isEntityId(id: string): boolean {
  const n = id.split('/').length;
  return (n === 2 || n === 3) && id.split('/').every((p) => p.length > 0);
}

export function makeEntityId(kind: string, name: string, namespace?: string | null): EntityId {
  return namespace ? `${namespace}/${kind}/${name}` : `${kind}/${name}`;
}

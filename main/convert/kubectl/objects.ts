import { withDocumentErrors } from '../capture/line-errors.js';
import type { CaptureRecords } from '../capture/records.js';
import { lineOfPath, parseJsonDocument, type SourceFile } from '../capture/source-file.js';
import { arrayAt, FieldTypeError, objectAt, optionalString, stringAt, stringMap, type Json } from '../capture/values.js';

/** Kinds the converter reads; others (CRDs, RBAC…) are skipped with a warning naming file and line. */
export const READ_KINDS = new Set([
  'Pod',
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'DaemonSet',
  'Service',
  'ConfigMap',
  'Secret',
  'Node',
  'Event',
]);

/** One Kubernetes object as one dump showed it. */
export interface KubeObject {
  kind: string;
  name: string;
  namespace: string | null;
  uid: string | null;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  body: Json;
  /** Which dump (0-based, in the order given) and where in it. */
  dump: number;
  file: string;
  line: number | null;
}

/**
 * Reads one `kubectl get -o json` output: a `List` (or `PodList`…) with `items`, or a single
 * object. Items keep the kind kubectl wrote on them, or the list's kind without `List`.
 */
export function readKubectlFile(file: SourceFile, dump: number, capture: CaptureRecords): KubeObject[] {
  const doc = parseJsonDocument(file);
  return withDocumentErrors(file, () => {
    const root = objectAt(doc, []);
    const rootKind = stringAt(root.kind, ['kind']);
    const isList = Array.isArray(root.items) || rootKind.endsWith('List');
    const items = isList ? arrayAt(root.items, ['items']).map((item, i) => [item, ['items', i]] as const) : [[root, []] as const];
    const listKind = rootKind !== 'List' && rootKind.endsWith('List') ? rootKind.slice(0, -'List'.length) : null;
    const objects: KubeObject[] = [];
    for (const [item, path] of items) {
      const o = objectAt(item, [...path]);
      const kind = optionalString(o.kind, [...path, 'kind']) ?? listKind;
      if (!kind) throw new FieldTypeError([...path, 'kind'], 'the object kind');
      if (!READ_KINDS.has(kind)) {
        const line = lineOfPath(file, [...path]);
        capture.warn(
          file.name,
          `${line === null ? '' : `line ${line}: `}kind ${kind} is not one the converter reads (${[...READ_KINDS].join(', ')}); skipped`,
        );
        continue;
      }
      const meta = objectAt(o.metadata, [...path, 'metadata']);
      objects.push({
        kind,
        name: stringAt(meta.name, [...path, 'metadata', 'name']),
        namespace: optionalString(meta.namespace, [...path, 'metadata', 'namespace']) || null,
        uid: optionalString(meta.uid, [...path, 'metadata', 'uid']) ?? null,
        labels: stringMap(meta.labels, [...path, 'metadata', 'labels']),
        annotations: stringMap(meta.annotations, [...path, 'metadata', 'annotations']),
        body: o,
        dump,
        file: file.name,
        line: null,
      });
    }
    if (objects.length === 0 && items.length === 0) capture.warn(file.name, 'the list has no items');
    return objects;
  });
}

/** `kind/namespace/name`: the identity of an object across dumps (a re-created object is the same one). */
export function objectKey(o: KubeObject): string {
  return `${o.kind}/${o.namespace ?? ''}/${o.name}`;
}

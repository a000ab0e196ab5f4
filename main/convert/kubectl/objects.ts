import { makeEntityId, type EntityId } from '../../../core/model/ids.js';
import { safeName } from '../capture/entity-map.js';
import { withDocumentErrors } from '../capture/line-errors.js';
import type { CaptureRecords } from '../capture/records.js';
import { lineFinder, parseJsonDocument, pathText, type SourceFile } from '../capture/source-file.js';
import { arrayAt, FieldTypeError, isObject, objectAt, optionalString, stringAt, stringMap, type Json } from '../capture/values.js';
import { readReach, type Reach } from './reach.js';
import type { SpecProblem } from './selector.js';

/**
 * Objects that govern how workloads run without running anything themselves (topology.ts
 * `policyEdges`): their creation and their edits are changes.
 */
export const POLICY_KINDS: ReadonlySet<string> = new Set([
  'HorizontalPodAutoscaler',
  'NetworkPolicy',
  'PodDisruptionBudget',
  'ResourceQuota',
  'LimitRange',
  'PersistentVolumeClaim',
  'Ingress',
]);

/** Kinds the converter reads; others (CRDs, RBAC…) are skipped with a warning naming file and line. */
export const READ_KINDS: ReadonlySet<string> = new Set([
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
  'Job',
  'CronJob',
  ...POLICY_KINDS,
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
  /** Which dump (0-based, oldest first) and its file. */
  dump: number;
  file: string;
  /**
   * Set on an object of a kind the converter does not read (a custom resource) whose spec
   * selects, names or routes to something: what it acts on, and its line (for the warning if
   * nothing of it is in the dumps).
   */
  custom?: { reach: Reach; line: number | null };
}

/**
 * An object that governs how workloads run without running anything itself: a policy kind, or
 * a custom resource read by its reach. Its creation and its edits are changes.
 */
export function isPolicyObject(o: Pick<KubeObject, 'kind' | 'custom'>): boolean {
  return POLICY_KINDS.has(o.kind) || o.custom !== undefined;
}

/** The warning for objects of a kind that is skipped (one per kind and file, at the first one's line). */
function skippedKindMessage(kind: string, line: number | null): string {
  return `${line === null ? '' : `line ${line}: `}kind ${kind} is not one the converter reads (${[...READ_KINDS].join(', ')}); skipped`;
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
    const lineOf = lineFinder(file);
    const warnAt = (at: SpecProblem['path'], message: string): void => {
      const line = lineOf(at);
      capture.warn(file.name, `${line === null ? '' : `line ${line}: `}${message}`);
    };
    const skipped = new Set<string>();
    for (const [item, path] of items) {
      const o = objectAt(item, [...path]);
      const kind = optionalString(o.kind, [...path, 'kind']) ?? listKind;
      if (!kind) throw new FieldTypeError([...path, 'kind'], 'the object kind');
      const custom = READ_KINDS.has(kind) ? null : customReach(o, kind, [...path], warnAt);
      if (custom?.reach === null) {
        // A malformed spec has been warned about at its field.
        if (!custom.isMalformed && !skipped.has(kind)) {
          skipped.add(kind);
          capture.warn(file.name, skippedKindMessage(kind, lineOf([...path])));
        }
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
        ...(custom?.reach ? { custom: { reach: custom.reach, line: lineOf([...path]) } } : {}),
      });
    }
    if (objects.length === 0 && items.length === 0) capture.warn(file.name, 'the list has no items');
    return objects;
  });
}

/**
 * What an object of a kind the converter does not read acts on (`readReach`), each malformed
 * selector or reference warned about at its line; `reach` null when its spec states nothing
 * usable of the kind.
 */
function customReach(
  o: Json,
  kind: string,
  path: SpecProblem['path'],
  warnAt: (at: SpecProblem['path'], message: string) => void,
): { reach: Reach | null; isMalformed: boolean } {
  const problems: SpecProblem[] = [];
  const reach = readReach(o.spec, [...path, 'spec'], problems);
  const name = isObject(o.metadata) && typeof o.metadata.name === 'string' ? o.metadata.name : '(unnamed)';
  const outcome = reach === null ? 'nothing else in its spec links it: skipped' : 'ignored';
  for (const p of problems) warnAt(p.path, `${kind} ${name}: field "${pathText(p.path)}": ${p.message}; ${outcome}`);
  return { reach, isMalformed: problems.length > 0 };
}

/** `kind/namespace/name`: the identity of an object across dumps (a re-created object is the same one). */
export function objectKey(o: KubeObject): string {
  return `${o.kind}/${o.namespace ?? ''}/${o.name}`;
}

export function entityIdOf(o: Pick<KubeObject, 'kind' | 'name' | 'namespace'>): EntityId {
  return makeEntityId(o.kind, safeName(o.name), o.kind === 'Node' ? null : o.namespace && safeName(o.namespace));
}

/** The latest view of each object (the dumps oldest first): what the topology is made of. */
export function latestViews(objects: readonly KubeObject[]): KubeObject[] {
  return [...new Map(objects.map((o) => [objectKey(o), o])).values()];
}

/**
 * The objects of all dumps, renumbered oldest dump first: a dump is as recent as the newest
 * time its objects show (managedFields writes, creation), since kubectl does not stamp its
 * output. Dumps that show the same newest time keep the order they were given in.
 */
export function orderDumps(dumps: readonly KubeObject[][]): KubeObject[] {
  const asOf = (objects: readonly KubeObject[]): number => {
    let newest = -Infinity;
    for (const o of objects) {
      const meta = isObject(o.body.metadata) ? o.body.metadata : {};
      const times = [
        meta.creationTimestamp,
        ...(Array.isArray(meta.managedFields) ? meta.managedFields.map((m) => (isObject(m) ? m.time : null)) : []),
      ];
      for (const t of times) if (typeof t === 'string') newest = Math.max(newest, Date.parse(t) || -Infinity);
    }
    return newest;
  };
  const ordered = dumps
    .map((objects, given) => ({ objects, given, asOf: asOf(objects) }))
    .sort((a, b) => a.asOf - b.asOf || a.given - b.given);
  return ordered.flatMap(({ objects }, dump) => objects.map((o) => ({ ...o, dump })));
}

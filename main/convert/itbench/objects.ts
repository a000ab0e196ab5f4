import type { ChangeRecord } from '../../../core/snapshot/schema.js';
import { makeEntityId } from '../../../core/model/ids.js';
import { isoFromMillis } from '../time.js';
import { diffJson, normaliseObject, type DiffEntry } from './diff.js';
import { jsonCell, readTsv, stringOf, timeCell } from './tsv.js';

export interface K8sObject {
  kind: string;
  namespace: string | null;
  name: string;
  body: Record<string, unknown>;
  firstSeen: number;
  lastSeen: number;
}

export interface ObjectsResult {
  /** Latest observation of every object, keyed by entity id. */
  latest: Map<string, K8sObject>;
  changes: ChangeRecord[];
  /** Time of the first observation in the file (objects first seen later were created during the capture). */
  firstObservation: number | null;
}

const ENDPOINT_KINDS = new Set(['Endpoints', 'EndpointSlice']);

/** Objects that churn by design; their creation is not a change anyone made. */
const EPHEMERAL_KINDS = new Set(['Pod', 'ReplicaSet', 'Endpoints', 'EndpointSlice', 'Event', 'Lease', 'Job']);

/**
 * Reads k8s_objects_raw.tsv (columns `timestamp, object_kind, namespace, name, object`, the
 * object as JSON) and turns consecutive observations of one object into change records.
 */
export async function readObjects(file: string): Promise<ObjectsResult> {
  const rows: K8sObject[] = [];
  for await (const row of readTsv(file)) {
    const body = jsonCell(file, row, 'object');
    const metadata = (body.metadata ?? {}) as Record<string, unknown>;
    const kind = stringOf(row.values.object_kind) ?? stringOf(body.kind) ?? 'Object';
    const name = stringOf(row.values.name) ?? stringOf(metadata.name);
    if (name === null) continue;
    const namespace = stringOf(row.values.namespace) ?? stringOf(metadata.namespace);
    const time = timeCell(file, row, 'timestamp');
    rows.push({ kind, namespace, name, body, firstSeen: time, lastSeen: time });
  }
  rows.sort((a, b) => a.firstSeen - b.firstSeen);
  const firstObservation = rows[0]?.firstSeen ?? null;
  const latest = new Map<string, K8sObject>();
  const changes: ChangeRecord[] = [];
  for (const row of rows) {
    const id = makeEntityId(row.kind, row.name, row.namespace);
    // Endpoints are not graph entities: a change of them is a change of the service's backends.
    const changed = ENDPOINT_KINDS.has(row.kind) ? makeEntityId('Service', row.name, row.namespace) : id;
    const previous = latest.get(id);
    if (previous) {
      const diff = diffJson(normaliseObject(previous.body), normaliseObject(row.body));
      if (diff.length > 0) changes.push(changeRecord(changed, row, diff));
      latest.set(id, { ...row, firstSeen: previous.firstSeen });
    } else {
      latest.set(id, row);
      if (firstObservation !== null && row.firstSeen > firstObservation && !EPHEMERAL_KINDS.has(row.kind)) {
        changes.push({
          time: isoFromMillis(row.firstSeen),
          entity: id,
          kind: 'other',
          summary: `${row.kind} ${row.name} created`,
          ...actorOf(row.body),
        });
      }
    }
  }
  return { latest, changes, firstObservation };
}

function changeRecord(entity: string, row: K8sObject, diff: DiffEntry[]): ChangeRecord {
  const shown = diff.slice(0, 3).map((d) => `${d.path}: ${JSON.stringify(d.from)} → ${JSON.stringify(d.to)}`);
  const more = diff.length > 3 ? ` (+${diff.length - 3} more)` : '';
  return {
    time: isoFromMillis(row.firstSeen),
    entity,
    kind: classifyChange(row.kind, row.name, diff),
    summary: `${row.kind} ${row.name} changed: ${shown.join('; ')}${more}`,
    diff,
    ...actorOf(row.body),
  };
}

/** image > feature_flag > config > scale > deploy > other, by what the paths touch. */
export function classifyChange(kind: string, name: string, diff: readonly DiffEntry[]): ChangeRecord['kind'] {
  const paths = diff.map((d) => d.path);
  if (paths.some((p) => /\.image$/.test(p))) return 'image';
  if ((kind === 'ConfigMap' && /flag/i.test(name)) || paths.some((p) => /flag/i.test(p))) return 'feature_flag';
  if (kind === 'ConfigMap' || kind === 'Secret') return 'config';
  if (paths.some((p) => /\.(env|envFrom|args|command|volumes|readinessProbe|livenessProbe|resources)\b/.test(p))) return 'config';
  if (paths.every((p) => p === 'spec.replicas')) return 'scale';
  if (paths.some((p) => p.startsWith('spec.template'))) return 'deploy';
  return 'other';
}

/** The field manager that wrote last, when the object records one. */
function actorOf(body: Record<string, unknown>): { actor?: string } {
  const metadata = body.metadata as { managedFields?: unknown } | undefined;
  const fields = Array.isArray(metadata?.managedFields) ? (metadata.managedFields as { manager?: unknown; time?: unknown }[]) : [];
  const last = [...fields]
    .filter((f) => typeof f.manager === 'string')
    .sort((a, b) => String(b.time ?? '').localeCompare(String(a.time ?? '')))[0];
  return typeof last?.manager === 'string' ? { actor: last.manager } : {};
}

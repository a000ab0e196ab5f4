import type { CaptureRecords } from '../capture/records.js';
import { isoFromMillis } from '../time.js';
import { isObject } from '../capture/values.js';
import { objectKey, POLICY_KINDS, type KubeObject } from './objects.js';
import { entityIdOf } from './topology.js';
import { diffValue, newestWrite, newestWriteAt, type DiffEntry } from './diff.js';

/**
 * Kinds whose successive observations are compared. Pods and ReplicaSets are the controllers'
 * doing (replaced or scaled as their owner says); events are records.
 */
const DIFFED = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'CronJob', 'Service', 'ConfigMap', 'Secret', 'Node', ...POLICY_KINDS]);

/**
 * Changes between successive dumps (in the order given) of the same object: what differs in
 * `data`/`binaryData` (ConfigMap, Secret: values of a Secret are never copied), `spec` and
 * `metadata.labels`. The change is dated by the newest `managedFields` time of the later
 * observation, and its actor is that entry's manager; a difference with no such time after
 * the earlier dump's newest one cannot be dated and is warned about instead.
 */
export function diffKubeObjects(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const byObject = new Map<string, KubeObject[]>();
  for (const o of objects) if (DIFFED.has(o.kind)) byObject.set(objectKey(o), [...(byObject.get(objectKey(o)) ?? []), o]);
  for (const observations of byObject.values()) {
    const ordered = [...observations].sort((a, b) => a.dump - b.dump);
    for (let i = 1; i < ordered.length; i++) {
      const before = ordered[i - 1];
      const after = ordered[i];
      if (!before || !after || before.dump === after.dump) continue;
      const diff = diffObject(before, after);
      if (diff.length === 0) continue;
      const written = newestWrite(after);
      const previous = newestWrite(before);
      if (written === null || (previous !== null && written.time <= previous.time)) {
        capture.warn(
          after.file,
          `${after.kind} ${after.name} changed since the previous dump but no managedFields time dates it; not recorded as a change`,
        );
        continue;
      }
      capture.changes.push({
        time: isoFromMillis(written.time),
        entity: entityIdOf(after),
        kind: changeKind(after.kind, diff),
        summary: summaryOf(after, diff),
        diff,
        ...(written.manager ? { actor: written.manager } : {}),
      });
    }
  }
  capture.changes.sort((a, b) => Date.parse(String(a.time)) - Date.parse(String(b.time)));
}

function diffObject(before: KubeObject, after: KubeObject): DiffEntry[] {
  const out: DiffEntry[] = [];
  const secret = after.kind === 'Secret';
  for (const field of ['data', 'binaryData', 'spec'] as const) diffValue(field, before.body[field], after.body[field], out);
  diffValue('metadata.labels', before.labels, after.labels, out);
  return secret
    ? out.map((d) => ({
        path: d.path,
        from: d.from === undefined ? undefined : '(secret)',
        to: d.to === undefined ? undefined : '(secret)',
      }))
    : out;
}

type ChangeKind = 'config' | 'deploy' | 'scale' | 'image' | 'other';

/** A replica count or an autoscaler's bounds (`spec.replicas`, `spec.minReplicas`, `spec.maxReplicas`). */
const SCALE_PATH = /^spec\.(?:replicas|minReplicas|maxReplicas)$/;

function changeKind(kind: string, diff: readonly DiffEntry[]): ChangeKind {
  if (kind === 'ConfigMap' || kind === 'Secret') return 'config';
  if (diff.length > 0 && diff.every((d) => /\.image$/.test(d.path))) return 'image';
  if (diff.length > 0 && diff.every((d) => SCALE_PATH.test(d.path))) return 'scale';
  if (POLICY_KINDS.has(kind)) return 'config';
  return kind === 'Node' || kind === 'Service' ? 'other' : 'deploy';
}

/** Kinds whose last edit before the first dump that shows them is a change, even with one dump. */
const EDITED_FROM_ONE_DUMP = new Set(['ConfigMap', 'Secret', ...POLICY_KINDS]);

/**
 * What one dump says by itself of the objects it shows first: a policy object's creation
 * (`creationTimestamp`, signed by the managedFields entry of that second), and for a
 * ConfigMap, a Secret or a policy object its last edit after that (the newest managedFields
 * write later than its creation; an object without `creationTimestamp` gives none). The dump dates an edit and names its author but does not hold what it changed: the
 * record's diff is empty and its summary says to compare two dumps. Later edits come from the
 * differences between dumps (`diffKubeObjects`), so none is counted twice. Old records fall
 * outside any incident's window and are not investigated.
 */
export function readFirstSeen(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const seen = new Set<string>();
  for (const o of [...objects].sort((a, b) => a.dump - b.dump)) {
    if (!EDITED_FROM_ONE_DUMP.has(o.kind) || seen.has(objectKey(o))) continue;
    seen.add(objectKey(o));
    const created = Date.parse(String(isObject(o.body.metadata) ? o.body.metadata.creationTimestamp : ''));
    if (POLICY_KINDS.has(o.kind) && !Number.isNaN(created)) {
      const actor = newestWriteAt(o, created);
      capture.changes.push({
        time: isoFromMillis(created),
        entity: entityIdOf(o),
        kind: changeKind(o.kind, []),
        summary: `${o.kind} ${o.name} created${createdDetail(o)}`,
        diff: [],
        ...(actor ? { actor } : {}),
      });
    }
    const edit = newestWrite(o);
    // The creation writes managedFields in its own second: only a later write is an edit, and
    // without the creation time a write cannot be told from the creation.
    if (edit === null || Number.isNaN(created) || Math.floor(edit.time / 1000) <= Math.floor(created / 1000)) continue;
    capture.changes.push({
      time: isoFromMillis(edit.time),
      entity: entityIdOf(o),
      kind: changeKind(o.kind, []),
      summary: `${o.kind} ${o.name} edited${edit.manager ? ` by ${edit.manager}` : ''} (the dump dates the edit, not its content: two dumps show what changed)`,
      diff: [],
      ...(edit.manager ? { actor: edit.manager } : {}),
    });
  }
}

/** A few words on what a new policy object does: its target or bounds, whatever its shape. */
function createdDetail(o: KubeObject): string {
  const spec = isObject(o.body.spec) ? o.body.spec : {};
  const ref = isObject(spec.scaleTargetRef) ? spec.scaleTargetRef : null;
  const parts = [
    ref && typeof ref.kind === 'string' && typeof ref.name === 'string' ? `for ${ref.kind} ${ref.name}` : null,
    typeof spec.minReplicas === 'number' || typeof spec.maxReplicas === 'number'
      ? `replicas ${String(spec.minReplicas ?? 1)}–${String(spec.maxReplicas ?? '?')}`
      : null,
    Array.isArray(spec.policyTypes) ? `policy types ${spec.policyTypes.filter((t) => typeof t === 'string').join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? '' : `: ${parts.join('; ')}`;
}

function summaryOf(o: KubeObject, diff: readonly DiffEntry[]): string {
  const first = diff[0];
  if (!first) return `${o.kind} ${o.name} updated`;
  const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));
  const more = diff.length > 1 ? ` (+${diff.length - 1} more)` : '';
  return `${o.kind} ${o.name} updated: ${first.path} ${text(first.from)} → ${text(first.to)}${more}`;
}

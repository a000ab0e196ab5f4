import type { CaptureRecords } from '../capture/records.js';
import { isoFromMillis } from '../time.js';
import { isObject } from '../capture/values.js';
import { entityIdOf, isPolicyObject, objectKey, type KubeObject } from './objects.js';
import { diffValue, newestWrite, newestWriteAt, type DiffEntry } from './diff.js';
import { describeReach, refOf } from './reach.js';

/**
 * Objects whose successive observations are compared: these kinds and policy objects (custom
 * resources read by their reach too). Pods and ReplicaSets are the controllers' doing (replaced
 * or scaled as their owner says); events are records.
 */
const DIFFED_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'CronJob', 'Service', 'ConfigMap', 'Secret', 'Node']);
const isDiffed = (o: KubeObject): boolean => DIFFED_KINDS.has(o.kind) || isPolicyObject(o);

/**
 * Changes between successive dumps (in the order given) of the same object: what differs in
 * `data`/`binaryData` (ConfigMap, Secret: values of a Secret are never copied), `spec` and
 * `metadata.labels`. The change is dated by the newest `managedFields` time of the later
 * observation, and its actor is that entry's manager; a difference with no such time after
 * the earlier dump's newest one cannot be dated and is warned about instead.
 */
export function diffKubeObjects(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const byObject = new Map<string, KubeObject[]>();
  for (const o of objects) if (isDiffed(o)) byObject.set(objectKey(o), [...(byObject.get(objectKey(o)) ?? []), o]);
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
        kind: changeKind(after, diff),
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

function changeKind(o: KubeObject, diff: readonly DiffEntry[]): ChangeKind {
  if (isConfig(o)) return 'config';
  if (diff.length > 0 && diff.every((d) => /\.image$/.test(d.path))) return 'image';
  if (diff.length > 0 && diff.every((d) => SCALE_PATH.test(d.path))) return 'scale';
  if (isPolicyObject(o)) return 'config';
  return o.kind === 'Node' || o.kind === 'Service' ? 'other' : 'deploy';
}

const isConfig = (o: KubeObject): boolean => o.kind === 'ConfigMap' || o.kind === 'Secret';

/** Objects whose last edit before the first dump that shows them is a change, even with one dump. */
const isEditedFromOneDump = (o: KubeObject): boolean => isConfig(o) || isPolicyObject(o);

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
    if (!isEditedFromOneDump(o) || seen.has(objectKey(o))) continue;
    seen.add(objectKey(o));
    const created = Date.parse(String(isObject(o.body.metadata) ? o.body.metadata.creationTimestamp : ''));
    if (isPolicyObject(o) && !Number.isNaN(created)) {
      const actor = newestWriteAt(o, created);
      capture.changes.push({
        time: isoFromMillis(created),
        entity: entityIdOf(o),
        kind: changeKind(o, []),
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
      kind: changeKind(o, []),
      summary: `${o.kind} ${o.name} edited${edit.manager ? ` by ${edit.manager}` : ''} (the dump dates the edit, not its content: two dumps show what changed)`,
      diff: [],
      ...(edit.manager ? { actor: edit.manager } : {}),
    });
  }
}

/**
 * A few words on what a new policy object does: what it acts on (an autoscaler's target; a
 * custom resource's reach) or its bounds, whatever its shape.
 */
function createdDetail(o: KubeObject): string {
  const spec = isObject(o.body.spec) ? o.body.spec : {};
  const target = refOf(spec.scaleTargetRef);
  const parts = [
    describeReach(o.custom?.reach ?? { pods: null, refs: target?.kind ? [target] : [], hosts: [] }),
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

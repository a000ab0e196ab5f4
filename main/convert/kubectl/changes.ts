import type { CaptureRecords } from '../capture/records.js';
import { isoFromMillis } from '../time.js';
import { objectKey, type KubeObject } from './objects.js';
import { entityIdOf } from './topology.js';
import { diffValue, newestWrite, type DiffEntry } from './diff.js';

/**
 * Kinds whose successive observations are compared. Pods and ReplicaSets are the controllers'
 * doing (replaced or scaled as their owner says); events are records.
 */
const DIFFED = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Service', 'ConfigMap', 'Secret', 'Node']);

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

function changeKind(kind: string, diff: readonly DiffEntry[]): 'config' | 'deploy' | 'scale' | 'image' | 'other' {
  if (kind === 'ConfigMap' || kind === 'Secret') return 'config';
  if (diff.every((d) => /\.image$/.test(d.path))) return 'image';
  if (diff.every((d) => d.path === 'spec.replicas')) return 'scale';
  return kind === 'Node' || kind === 'Service' ? 'other' : 'deploy';
}

function summaryOf(o: KubeObject, diff: readonly DiffEntry[]): string {
  const first = diff[0];
  if (!first) return `${o.kind} ${o.name} updated`;
  const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));
  const more = diff.length > 1 ? ` (+${diff.length - 1} more)` : '';
  return `${o.kind} ${o.name} updated: ${first.path} ${text(first.from)} → ${text(first.to)}${more}`;
}

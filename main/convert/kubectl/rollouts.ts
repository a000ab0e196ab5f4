import type { CaptureRecords } from '../capture/records.js';
import { isObject, type Json } from '../capture/values.js';
import { isoFromMillis } from '../time.js';
import { diffValue, newestWriteAt, type DiffEntry } from './diff.js';
import { entityIdOf, type KubeObject } from './objects.js';

const REVISION = 'deployment.kubernetes.io/revision';

/**
 * A Deployment's rollout history as one dump shows it: each of its ReplicaSets carries the
 * revision it was made for and the pod template of that revision, and was created when the
 * rollout started. Consecutive revisions whose templates differ are a change on the
 * Deployment, dated by the newer ReplicaSet's creation and signed by the Deployment's
 * managedFields entry of that second, if any. Only the first dump that shows a Deployment is
 * read this way: rollouts after it come from the differences between dumps.
 */
export function readRollouts(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const firstDump = new Map<string, number>();
  for (const o of objects) if (o.kind === 'Deployment' && !firstDump.has(key(o))) firstDump.set(key(o), o.dump);
  for (const deployment of objects) {
    if (deployment.kind !== 'Deployment' || firstDump.get(key(deployment)) !== deployment.dump) continue;
    const revisions = objects
      .filter(
        (o) => o.kind === 'ReplicaSet' && o.dump === deployment.dump && o.namespace === deployment.namespace && ownedBy(o, deployment),
      )
      .map((rs) => ({ rs, revision: Number(rs.annotations[REVISION]), created: Date.parse(String(meta(rs).creationTimestamp)) }))
      .filter((r) => Number.isInteger(r.revision) && !Number.isNaN(r.created))
      .sort((a, b) => a.revision - b.revision);
    for (let i = 1; i < revisions.length; i++) {
      const [before, after] = [revisions[i - 1], revisions[i]];
      if (!before || !after) continue;
      const diff: DiffEntry[] = [];
      diffValue('spec.template', template(before.rs), template(after.rs), diff);
      if (diff.length === 0) continue;
      const actor = newestWriteAt(deployment, after.created);
      const first = diff[0] as DiffEntry;
      capture.changes.push({
        time: isoFromMillis(after.created),
        entity: entityIdOf(deployment),
        kind: diff.every((d) => /\.image$/.test(d.path)) ? 'image' : 'deploy',
        summary: `Deployment ${deployment.name} rolled out revision ${after.revision}: ${first.path} ${String(first.from)} → ${String(first.to)}${diff.length > 1 ? ` (+${diff.length - 1} more)` : ''}`,
        diff,
        ...(actor ? { actor } : {}),
      });
    }
  }
}

const key = (o: KubeObject): string => `${o.namespace ?? ''}/${o.name}`;
const meta = (o: KubeObject): Json => (isObject(o.body.metadata) ? o.body.metadata : {});

function ownedBy(rs: KubeObject, deployment: KubeObject): boolean {
  const refs = Array.isArray(meta(rs).ownerReferences) ? (meta(rs).ownerReferences as unknown[]) : [];
  return refs.some((r) => isObject(r) && r.kind === 'Deployment' && r.name === deployment.name);
}

/** The ReplicaSet's pod template without the hash label the controller adds to tell revisions apart. */
function template(rs: KubeObject): unknown {
  const spec = isObject(rs.body.spec) ? rs.body.spec : {};
  const t = isObject(spec.template) ? structuredClone(spec.template) : {};
  const labels = isObject(t.metadata) && isObject(t.metadata.labels) ? t.metadata.labels : null;
  if (labels) delete labels['pod-template-hash'];
  return t;
}

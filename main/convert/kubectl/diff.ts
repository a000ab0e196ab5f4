import { isObject, type Json } from '../capture/values.js';
import type { KubeObject } from './objects.js';

export interface DiffEntry {
  path: string;
  from: unknown;
  to: unknown;
}

/** Appends the leaves where `a` and `b` differ, as `path.key[i]` with their old and new values. */
export function diffValue(path: string, a: unknown, b: unknown, out: DiffEntry[]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) diffValue(`${path}.${key}`, a[key], b[key], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => diffValue(`${path}[${i}]`, item, b[i], out));
    return;
  }
  out.push({ path, from: a ?? null, to: b ?? null });
}

/** The newest managedFields write (status subresource aside): when the object was last edited, and by whom. */
export function newestWrite(o: KubeObject): { time: number; manager: string | null } | null {
  const meta: Json = isObject(o.body.metadata) ? o.body.metadata : {};
  let best: { time: number; manager: string | null } | null = null;
  for (const entry of Array.isArray(meta.managedFields) ? meta.managedFields : []) {
    if (!isObject(entry) || typeof entry.time !== 'string') continue;
    if (entry.subresource === 'status') continue;
    const time = Date.parse(entry.time);
    if (!Number.isNaN(time) && (best === null || time > best.time))
      best = { time, manager: typeof entry.manager === 'string' ? entry.manager : null };
  }
  return best;
}

/** The manager of the object's managedFields entry written in the same second as `ms`, if any. */
export function newestWriteAt(o: KubeObject, ms: number): string | null {
  const meta: Json = isObject(o.body.metadata) ? o.body.metadata : {};
  for (const entry of Array.isArray(meta.managedFields) ? meta.managedFields : [])
    if (isObject(entry) && typeof entry.time === 'string' && Math.floor(Date.parse(entry.time) / 1000) === Math.floor(ms / 1000))
      return typeof entry.manager === 'string' ? entry.manager : null;
  return null;
}

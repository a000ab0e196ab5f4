export interface DiffEntry {
  path: string;
  from: unknown;
  to: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const IGNORED_METADATA = new Set(['resourceVersion', 'managedFields', 'generation', 'uid', 'selfLink']);
/** Rewritten on every `kubectl apply`: it repeats the spec, so diffing it would double every change. */
const IGNORED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const TIME_LIKE = /(time|timestamp)$|At$/i;
const MAX_VALUE = 2000;

/**
 * Normalises a Kubernetes object for change detection: drops status, bookkeeping metadata
 * and time-like keys, which change on every observation without anyone changing anything.
 */
export function normaliseObject(body: Record<string, unknown>): Json {
  return strip(body, []) ?? null;
}

function strip(value: unknown, path: readonly string[]): Json | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => strip(v, path) ?? null);
  if (typeof value !== 'object') return undefined;
  const out: { [key: string]: Json } = {};
  for (const [key, child] of Object.entries(value)) {
    if (path.length === 0 && key === 'status') continue;
    if (path.length === 1 && path[0] === 'metadata' && IGNORED_METADATA.has(key)) continue;
    if (path.length === 2 && path[1] === 'annotations' && IGNORED_ANNOTATIONS.has(key)) continue;
    if (TIME_LIKE.test(key)) continue;
    const stripped = strip(child, [...path, key]);
    if (stripped !== undefined) Object.defineProperty(out, key, { value: stripped, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Structural diff; arrays of named objects (containers, env, volumes) are matched by name. */
export function diffJson(from: Json, to: Json, path = ''): DiffEntry[] {
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  if (isRecord(from) && isRecord(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    return keys.flatMap((k) => diffJson(from[k] ?? null, to[k] ?? null, join(path, k)));
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const fromNamed = byName(from);
    const toNamed = byName(to);
    if (fromNamed && toNamed) {
      const names = [...new Set([...fromNamed.keys(), ...toNamed.keys()])];
      return names.flatMap((n) => diffJson(fromNamed.get(n) ?? null, toNamed.get(n) ?? null, `${path}[${n}]`));
    }
    const n = Math.max(from.length, to.length);
    return Array.from({ length: n }, (_, i) => diffJson(from[i] ?? null, to[i] ?? null, `${path}[${i}]`)).flat();
  }
  return [{ path, from: clip(from), to: clip(to) }];
}

function isRecord(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function byName(items: Json[]): Map<string, Json> | null {
  const map = new Map<string, Json>();
  for (const item of items) {
    if (!isRecord(item) || typeof item.name !== 'string' || map.has(item.name)) return null;
    map.set(item.name, item);
  }
  return map;
}

function join(path: string, key: string): string {
  return /^[A-Za-z_][\w-]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;
}

function clip(value: Json): unknown {
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : value;
}

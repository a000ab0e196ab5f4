export interface DiffEntry {
  path: string;
  /** null when the path did not exist before. */
  from: unknown;
  /** null when the path no longer exists. */
  to: unknown;
}

export interface DiffOptions {
  /** Extra keys to ignore wherever they appear (in addition to the built-in set). */
  ignoreKeys?: readonly string[];
  /** Entries returned at most; the rest are dropped (objects are hostile input). */
  maxEntries?: number;
  /** Nesting followed at most; deeper subtrees are compared whole. */
  maxDepth?: number;
}

/** Bookkeeping the API server changes on every write; never a change anyone made. */
const IGNORED_KEYS = new Set(['resourceVersion', 'managedFields', 'generation', 'uid', 'selfLink', 'observedGeneration']);
/** Annotations that duplicate the spec they annotate. */
const IGNORED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const TIME_LIKE = /(?:^|[a-z])(?:Time|Timestamp)$|^(?:time|timestamp)$/;

type Json = unknown;

/**
 * The differences between two observations of one Kubernetes object, ignoring server
 * bookkeeping, `status` and time-like keys. Paths use dots for keys (`spec.replicas`),
 * brackets for odd keys (`metadata.annotations["a.b/c"]`), `[name]` for list items that
 * carry a unique `name` (containers, env) and `[3]` for other list items. Keys are
 * visited in sorted order, so the result does not depend on key order in the input.
 */
export function diffObjects(prev: Json, next: Json, options: DiffOptions = {}): DiffEntry[] {
  const ignore = new Set([...IGNORED_KEYS, ...(options.ignoreKeys ?? [])]);
  const out: DiffEntry[] = [];
  const max = options.maxEntries ?? 1000;
  const maxDepth = options.maxDepth ?? 32;

  const walk = (a: Json, b: Json, path: string, depth: number): void => {
    if (out.length >= max || deepEqual(a, b)) return;
    if (depth >= maxDepth) {
      out.push({ path, from: a ?? null, to: b ?? null });
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const key of keys) {
        if (ignore.has(key) || TIME_LIKE.test(key) || (depth === 0 && key === 'status')) continue;
        if (path === 'metadata.annotations' && IGNORED_ANNOTATIONS.has(key)) continue;
        walk(own(a, key), own(b, key), join(path, key), depth + 1);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const byName = namedItems(a) && namedItems(b);
      if (byName) {
        const names = [...new Set([...a, ...b].map(nameOf))].sort();
        for (const n of names) {
          const label = /^[\w.-]+$/.test(n) ? n : JSON.stringify(n);
          walk(
            a.find((x) => nameOf(x) === n),
            b.find((x) => nameOf(x) === n),
            `${path}[${label}]`,
            depth + 1,
          );
        }
        return;
      }
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`, depth + 1);
      return;
    }
    out.push({ path, from: a ?? null, to: b ?? null });
  };
  walk(prev, next, '', 0);
  return out;
}

function isRecord(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only: `constructor` or `__proto__` in hostile input must not reach the prototype. */
function own(v: Record<string, Json>, key: string): Json {
  return Object.hasOwn(v, key) ? v[key] : undefined;
}

function nameOf(v: Json): string {
  const name = isRecord(v) ? own(v, 'name') : undefined;
  return typeof name === 'string' ? name : '';
}

/** Every item is an object with a distinct non-empty string `name`. */
function namedItems(items: readonly Json[]): boolean {
  if (items.length === 0) return true;
  const names = items.map(nameOf);
  return names.every((n) => n.length > 0) && new Set(names).size === names.length;
}

function join(path: string, key: string): string {
  const safe = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : null;
  if (safe) return path ? `${path}.${safe}` : safe;
  return `${path}[${JSON.stringify(key)}]`;
}

/** Structural equality; beyond `EQUAL_DEPTH` levels values count as different (hostile nesting). */
const EQUAL_DEPTH = 256;

function deepEqual(a: Json, b: Json, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > EQUAL_DEPTH) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i], depth + 1));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && deepEqual(own(a, k), own(b, k), depth + 1));
  }
  return false;
}

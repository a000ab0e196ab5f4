import { parse } from 'yaml';
import { isKeyLike } from './match.js';

export interface ChangedValue {
  path: string;
  from: unknown;
  to: unknown;
}

/** Longest value parsed as a file held in a data key (a captured ConfigMap's flag file is a few kB). */
const maxDocumentChars = 256 * 1024;

/** A value that holds a file (a map or list, or JSON or YAML text of one), parsed; null for a scalar or unparsable text. */
function documentOf(value: unknown): unknown {
  if (value !== null && typeof value === 'object') return value;
  if (typeof value !== 'string' || value.length > maxDocumentChars || !/[:{[]/.test(value)) return null;
  try {
    const parsed: unknown = parse(value, { maxAliasCount: 0 });
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The paths (as names) where two parsed documents differ. */
function differingPaths(a: unknown, b: unknown, at: string[], out: string[][]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (isMap(a) && isMap(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) differingPaths(a[key], b[key], [...at, key], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => differingPaths(item, b[i], [...at, String(i)], out));
    return;
  }
  out.push(at);
}

const names = (path: string): string[] => path.split(/[.[\]]+/).filter((s) => s !== '');

/** A name code may read as a key: long enough to mean something, not an index. */
const isKeyName = (s: string): boolean => s.length >= 3 && isKeyLike(s) && !/^\d+$/.test(s);

/**
 * The keys a configuration change sets, as code asks for them by name (docs/code-layer.md,
 * "Through a change"). Below the object's own field (`data`, `flags`): a data key that holds
 * a file is not itself read — the names inside the file are, so `data.flags.yaml/bulkPrefetch.defaultVariant`
 * gives `bulkPrefetch` and `defaultVariant`, and a file captured whole (a ConfigMap's
 * `demo.flagd.json`, JSON or YAML text before and after) is parsed and diffed: the names of the
 * changed paths inside it (`flags`, `adFailure`, `defaultVariant`). A plain data key
 * (`data.PAGE_SIZE`, `data.app.timeout`) is the key itself. In order of first appearance.
 */
export function changedKeys(diff: readonly ChangedValue[]): string[] {
  const out = new Set<string>();
  const add = (list: readonly string[]): void => {
    for (const s of list) if (isKeyName(s)) out.add(s);
  };
  for (const d of diff) {
    const cut = d.path.search(/[.[]/);
    const rest = cut === -1 ? d.path : d.path.slice(cut).replace(/^\./, '');
    const slash = rest.lastIndexOf('/');
    if (slash !== -1) {
      add(names(rest.slice(slash + 1)));
      continue;
    }
    const before = documentOf(d.from);
    const after = documentOf(d.to);
    // A file on both sides, or added or removed: the names that changed inside it. A value that
    // only looks like a document on one side (`hello: world` → `bye`) is a value.
    const isFile = (doc: unknown, raw: unknown): boolean => doc !== null || raw === null || raw === undefined;
    if ((before !== null || after !== null) && isFile(before, d.from) && isFile(after, d.to)) {
      const paths: string[][] = [];
      differingPaths(before, after, [], paths);
      for (const p of paths) add(p);
      continue;
    }
    add(isKeyName(rest) ? [rest] : names(rest));
  }
  return [...out];
}

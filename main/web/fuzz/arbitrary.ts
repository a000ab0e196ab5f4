import fc from 'fast-check';
import type { z } from 'zod';

/**
 * What a generated payload puts in fields that reach outside the host: paths only under a
 * scratch folder (or the served snapshot), model endpoints only at a closed local port, node ids
 * mostly of the graph's nodes (so handlers get past "unknown node").
 */
export interface PathPolicy {
  path: fc.Arbitrary<string>;
  url: fc.Arbitrary<string>;
  node: fc.Arbitrary<string>;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Fields whose strings name files or folders, endpoints or nodes: generated from the policy, never free text. */
const PATH_KEY = /path|file|dir|folder|store|ledger|cases/i;
const URL_KEY = /url|endpoint|host/i;
const NODE_KEY = /^(node|entity|from|to)$/;

/** Text a hostile client sends: markup, control and format characters, huge and empty strings. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', '<script>alert(1)</script>', '\u202e\u2066evil', '../../etc/passwd', '\u0000', 'x'.repeat(70_000), '🧨'.repeat(50)),
);

/**
 * A fast-check arbitrary of values a client could send for `schema`: mostly values the schema
 * accepts (so handlers run past parsing), sometimes near misses (a wrong type, a missing field,
 * an extra one) so parsing's refusals are exercised too. Zod 4 schemas, walked by their
 * definitions; a kind not known here gives any JSON value.
 */
export function arbitraryFor(schema: z.ZodType, paths: PathPolicy, key = '', depth = 0): fc.Arbitrary<unknown> {
  const valid = validFor(schema, paths, key, depth);
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

function validFor(schema: z.ZodType, paths: PathPolicy, key: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: unknown, k = key): fc.Arbitrary<unknown> => validFor(s as z.ZodType, paths, k, depth + 1);
  switch (def.type) {
    case 'string':
      if (PATH_KEY.test(key)) return paths.path;
      if (URL_KEY.test(key)) return paths.url;
      if (NODE_KEY.test(key)) return fc.oneof({ weight: 4, arbitrary: paths.node }, { weight: 1, arbitrary: hostileText });
      return hostileText;
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 2 ** 53, 1e308));
    case 'int':
      return fc.integer({ min: -5, max: 1000 });
    case 'bigint':
      return fc.constant(0);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const body = inner(def.innerType);
      if (def.type === 'nullable') return fc.oneof(body, fc.constant(null));
      if (def.type === 'optional' || def.type === 'default') return fc.oneof(body, fc.constant(undefined));
      return body;
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((s) => inner(s)));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((s) => inner(s)));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (isRecord(a) && isRecord(b) ? { ...a, ...b } : a));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, validFor(s as z.ZodType, paths, k, depth + 1)]));
      const requiredKeys = Object.entries(shape)
        .filter(([, s]) => !OPTIONAL_KINDS.has(defOf(s as z.ZodType).type))
        .map(([k]) => k);
      return fc
        .record(fields, { requiredKeys })
        .map((o) => Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([, v]) => v !== undefined)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const OPTIONAL_KINDS = new Set(['optional', 'default', 'prefault']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

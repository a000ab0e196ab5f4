export class NonCanonicalValueError extends Error {
  override name = 'NonCanonicalValueError';
  constructor(path: string, what: string) {
    super(`Cannot serialise ${what} at ${path || '<root>'} canonically; ledger values must be plain JSON.`);
  }
}

/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` members dropped. Two equal
 * values always give the same bytes, which is what makes ledgers comparable byte for byte.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new NonCanonicalValueError(path, String(value));
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => (item === undefined ? 'null' : write(item, `${path}[${i}]`))).join(',')}]`;
      }
      return writeObject(value, path);
    default:
      throw new NonCanonicalValueError(path, `a ${typeof value}`);
  }
}

function writeObject(value: object, path: string): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new NonCanonicalValueError(path, `a ${value.constructor.name} instance`);
  }
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${write(member, `${path}.${key}`)}`);
  }
  return `{${parts.join(',')}}`;
}

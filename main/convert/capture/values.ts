import type { JSONPath } from 'jsonc-parser';

/** A value read from an input document was not of the type its format promises. */
export class FieldTypeError extends Error {
  override name = 'FieldTypeError';
  constructor(
    readonly path: JSONPath,
    readonly expected: string,
  ) {
    super(`expected ${expected}`);
  }
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, path: JSONPath): Json {
  if (!isObject(value)) throw new FieldTypeError(path, 'an object');
  return value;
}

/** An array, or [] when the field is absent (proto3 JSON leaves empty repeated fields out). */
export function arrayAt(value: unknown, path: JSONPath): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new FieldTypeError(path, 'an array');
  return value;
}

export function stringAt(value: unknown, path: JSONPath): string {
  if (typeof value !== 'string') throw new FieldTypeError(path, 'a string');
  return value;
}

export function optionalString(value: unknown, path: JSONPath): string | undefined {
  if (value === undefined || value === null) return undefined;
  return stringAt(value, path);
}

/** Strings of an object of strings (labels, annotations); a missing object is {}. */
export function stringMap(value: unknown, path: JSONPath): Record<string, string> {
  if (value === undefined || value === null) return {};
  const object = objectAt(value, path);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(object)) out[key] = stringAt(v, [...path, key]);
  return out;
}

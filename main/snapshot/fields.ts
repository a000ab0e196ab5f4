import { TIMESTAMP_EXPECTATION, epochUnitProblem, parseTimestamp } from '../../core/snapshot/time.js';

/**
 * Hand-written field checks for the hot path: zod per row is too slow for millions of records.
 * Each returns the normalised value or throws FieldProblem; the caller turns that into a
 * BundleFormatError with zod's wording when zod agrees (see records.ts).
 */
export class FieldProblem {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {}
}

export type Json = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function reqString(obj: Json, field: string, nonEmpty = true): string {
  const v = obj[field];
  if (typeof v !== 'string') throw new FieldProblem(field, v === undefined ? 'is required' : 'expected a string');
  if (nonEmpty && v.length === 0) throw new FieldProblem(field, 'must not be empty');
  return v;
}

export function optString(obj: Json, field: string): string | null {
  const v = obj[field];
  if (v === undefined) return null;
  if (typeof v !== 'string') throw new FieldProblem(field, 'expected a string');
  return v;
}

export function reqTime(obj: Json, field: string): number {
  const v = obj[field];
  if (v === undefined) throw new FieldProblem(field, 'is required');
  const ms = parseTimestamp(v);
  if (ms === null) throw new FieldProblem(field, TIMESTAMP_EXPECTATION);
  if (typeof v === 'number') {
    const unit = epochUnitProblem(v);
    if (unit !== null) throw new FieldProblem(field, unit);
  }
  return ms;
}

export function optTime(obj: Json, field: string): number | null {
  return obj[field] === undefined ? null : reqTime(obj, field);
}

export function reqNumber(obj: Json, field: string): number {
  const v = obj[field];
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new FieldProblem(field, v === undefined ? 'is required' : 'expected a finite number');
  }
  return v;
}

function isOneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return typeof value === 'string' && allowed.some((a) => a === value);
}

export function reqEnum<T extends string>(obj: Json, field: string, allowed: readonly T[]): T {
  const v = obj[field];
  if (!isOneOf(v, allowed)) throw new FieldProblem(field, `expected one of ${allowed.join(', ')}`);
  return v;
}

/** A string→string map, stored as JSON text. */
export function optStringMap(obj: Json, field: string): string | null {
  const v = obj[field];
  if (v === undefined) return null;
  if (!isPlainObject(v)) throw new FieldProblem(field, 'expected an object of strings');
  for (const key in v) {
    if (typeof v[key] !== 'string') throw new FieldProblem(`${field}.${key}`, 'expected a string');
  }
  return JSON.stringify(v);
}

export function optObject(obj: Json, field: string): string | null {
  const v = obj[field];
  if (v === undefined) return null;
  if (!isPlainObject(v)) throw new FieldProblem(field, 'expected an object');
  return JSON.stringify(v);
}

/** Unknown fields are kept (design.md §5) as one JSON object, or null when there are none. */
export function extraFields(obj: Json, known: ReadonlySet<string>): string | null {
  let extra: Json | null = null;
  for (const key in obj) {
    if (!known.has(key)) (extra ??= {})[key] = obj[key];
  }
  return extra === null ? null : JSON.stringify(extra);
}

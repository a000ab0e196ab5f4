import type { JSONPath } from 'jsonc-parser';
import { FieldTypeError } from '../capture/values.js';

/**
 * Epoch milliseconds from an OTLP fixed64 unix-nanos field (a decimal string, or a number as
 * proto3 JSON also allows). Null for 0 or absent: OTLP's "unknown time".
 */
export function unixNanosToMs(value: unknown, path: JSONPath): number | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw new FieldTypeError(path, 'unix nanoseconds as a decimal string');
  if (/^0+$/.test(text)) return null;
  const padded = text.padStart(7, '0');
  return Number(padded.slice(0, -6)) + Number(padded.slice(-6)) / 1e6;
}

/** Nanoseconds between two unix-nanos strings, exactly (BigInt), as milliseconds. */
export function durationMs(start: string, end: string): number {
  return Number(BigInt(end) - BigInt(start)) / 1e6;
}

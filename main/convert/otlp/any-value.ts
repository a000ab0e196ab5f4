import type { JSONPath } from 'jsonc-parser';
import { arrayAt, FieldTypeError, isObject, objectAt, stringAt } from '../capture/values.js';

/** A decoded OTLP AnyValue. */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/**
 * Decodes an OTLP/JSON AnyValue (`{stringValue}`, `{intValue}` as a decimal string or number,
 * `{doubleValue}`, `{boolValue}`, `{arrayValue: {values}}`, `{kvlistValue: {values}}`,
 * `{bytesValue}` base64 kept as text). An empty AnyValue is null.
 */
export function decodeAnyValue(value: unknown, path: JSONPath): AttributeValue {
  const v = objectAt(value, path);
  if ('stringValue' in v) return stringAt(v.stringValue, [...path, 'stringValue']);
  if ('boolValue' in v) {
    if (typeof v.boolValue !== 'boolean') throw new FieldTypeError([...path, 'boolValue'], 'a boolean');
    return v.boolValue;
  }
  if ('intValue' in v) return integerValue(v.intValue, [...path, 'intValue']);
  if ('doubleValue' in v) return doubleValue(v.doubleValue, [...path, 'doubleValue']);
  if ('arrayValue' in v) {
    const values = arrayAt(objectAt(v.arrayValue, [...path, 'arrayValue']).values, [...path, 'arrayValue', 'values']);
    return values.map((item, i) => decodeAnyValue(item, [...path, 'arrayValue', 'values', i]));
  }
  if ('kvlistValue' in v)
    return decodeAttributes(objectAt(v.kvlistValue, [...path, 'kvlistValue']).values, [...path, 'kvlistValue', 'values']);
  if ('bytesValue' in v) return stringAt(v.bytesValue, [...path, 'bytesValue']);
  return null;
}

/** `[{key, value}]` as an object; a later duplicate key wins. */
export function decodeAttributes(list: unknown, path: JSONPath): { [key: string]: AttributeValue } {
  const out: { [key: string]: AttributeValue } = {};
  arrayAt(list, path).forEach((entry, i) => {
    const kv = objectAt(entry, [...path, i]);
    const key = stringAt(kv.key, [...path, i, 'key']);
    out[key] = kv.value === undefined ? null : decodeAnyValue(kv.value, [...path, i, 'value']);
  });
  return out;
}

/** An int64 as proto3 JSON writes it: a decimal string, or a number. */
export function integerValue(value: unknown, path: JSONPath): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new FieldTypeError(path, 'an integer (a decimal string or a number)');
  return n;
}

/** A double as proto3 JSON writes it: a number, or "NaN" / "Infinity" / "-Infinity" / a numeric string. */
export function doubleValue(value: unknown, path: JSONPath): number {
  if (typeof value === 'number') return value;
  if (value === 'NaN') return NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  throw new FieldTypeError(path, 'a number');
}

/** Attribute text for labels: strings as they are, other values as JSON. */
export function attributeText(value: AttributeValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && !(isObject(value) && Object.keys(value).length === 0);
}

import { isObject, type Json } from '../capture/values.js';

// Loose readers for the parts of an object the converter only looks into: an absent or odd value reads as empty.
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
export const obj = (v: unknown): Json => (isObject(v) ? v : {});
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

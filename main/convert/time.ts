/** Epoch milliseconds from a decimal epoch-nanoseconds string, without losing the ms part to float rounding. */
export function nanosToMillis(nanos: string): number | null {
  if (!/^\d{7,}$/.test(nanos)) return null;
  return Number(nanos.slice(0, -6)) + Number(nanos.slice(-6)) / 1e6;
}

/** ISO-8601 UTC text for epoch milliseconds (whole milliseconds). */
export function isoFromMillis(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

/**
 * Parses a UTC timestamp written without a zone marker ("2023-01-29 08:43:04",
 * "2025-03-01 10:04:00.123456789") into epoch milliseconds; null when it is not one.
 */
export function parseZonelessUtc(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]00:?00)?$/.exec(text.trim());
  if (!m) return null;
  const base = Date.parse(`${m[1]}T${m[2]}Z`);
  if (Number.isNaN(base)) return null;
  const fraction = m[3] ? Number(`0.${m[3]}`) * 1000 : 0;
  return base + fraction;
}

/**
 * Timestamps in a bundle are ISO-8601 with a zone, or epoch milliseconds (design.md §5).
 * A zone-less ISO string is refused rather than guessed: local time would make the same
 * bundle import differently on different machines.
 *
 * Parsed by hand: Date.parse costs about half a microsecond, which alone would cap an
 * import near two million timestamps a second on one core.
 */
export const TIMESTAMP_EXPECTATION = 'expected ISO-8601 with zone or epoch ms';

/** 1990-01-01 and 2100-01-01 UTC in epoch ms: the years a capture's times are expected in. */
export const PLAUSIBLE_TIMES = { start: 631_152_000_000, end: 4_102_444_800_000 } as const;

/** Whether an epoch-ms time falls within 1990–2100; one outside is imported, and warned of. */
export function isPlausibleTime(ms: number): boolean {
  return ms >= PLAUSIBLE_TIMES.start && ms < PLAUSIBLE_TIMES.end;
}

/** Other epoch units, as milliseconds per unit and the magnitude of a current time in it (the ClickHouse import's SQL reads them too). */
export const OTHER_EPOCH_UNITS = [
  { unit: 'seconds', msPerUnit: 1000, magnitude: '1e9' },
  { unit: 'microseconds', msPerUnit: 1e-3, magnitude: '1e15' },
  { unit: 'nanoseconds', msPerUnit: 1e-6, magnitude: '1e18' },
] as const;

/**
 * Why a numeric time is refused: it reads as 1990–2100 in seconds, microseconds or nanoseconds,
 * so taken as epoch ms it would land in 1970 or centuries ahead. Null for any other number. No
 * field of a bundle declares another unit (docs/formats.md), so none is converted.
 */
export function epochUnitProblem(value: number): string | null {
  for (const other of OTHER_EPOCH_UNITS) {
    if (isPlausibleTime(value * other.msPerUnit))
      return `looks like epoch ${other.unit} (~${other.magnitude}), not epoch ms (~1e12): write it in milliseconds or as ISO-8601 with a zone`;
  }
  return null;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Epoch ms, or null when the value is not a valid timestamp. */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  return parseIso(value);
}

function digits(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** YYYY-MM-DD(T| )hh:mm[:ss[.fraction]](Z|±hh[:]mm) */
function parseIso(s: string): number | null {
  if (s.length < 17 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58) return null;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return null;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !isLeap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0))) return null;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (s.charCodeAt(i) === 58) {
    second = digits(s, i + 1, 2);
    if (second < 0 || second > 59) return null;
    i += 3;
    if (s.charCodeAt(i) === 46) {
      const start = ++i;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      const count = i - start;
      if (count === 0 || count > 9) return null;
      for (let k = 0; k < 3; k++) ms = ms * 10 + (k < count ? s.charCodeAt(start + k) - 48 : 0);
    }
  }
  const offset = zoneOffsetMinutes(s, i);
  if (offset === null) return null;
  return daysFromCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute - offset) * 60 + second) * 1000 + ms;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm); Date.UTC is slower. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Minutes east of UTC for the zone starting at `i`, which must end the string. */
function zoneOffsetMinutes(s: string, i: number): number | null {
  const c = s.charCodeAt(i);
  if (c === 90 || c === 122) return i + 1 === s.length ? 0 : null;
  if (c !== 43 && c !== 45) return null;
  const hasColon = s.charCodeAt(i + 3) === 58;
  if (s.length !== i + (hasColon ? 6 : 5)) return null;
  const hh = digits(s, i + 1, 2);
  const mm = digits(s, i + (hasColon ? 4 : 3), 2);
  if (hh < 0 || hh > 23 || mm < 0 || mm > 59) return null;
  return (c === 45 ? -1 : 1) * (hh * 60 + mm);
}

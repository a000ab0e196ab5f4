/**
 * The one way the workbench writes a time for people: 24-hour, with the zone written. Captures,
 * incident notes and timelines are in UTC, so UTC is the default; an analyst may choose local
 * time (the offset is then written, e.g. "UTC+02:00"). Machine formats (JSON, CSV, the ledger)
 * keep ISO 8601 instead: this module is for text a person reads.
 */

export const timeZoneChoices = ['utc', 'local'] as const;
export type TimeZoneChoice = (typeof timeZoneChoices)[number];

/** How much of the clock a time shows. */
export type ClockPrecision = 'minute' | 'second' | 'millisecond';

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC. */
  offset: number;
}

function partsOf(ms: number, zone: TimeZoneChoice): Parts {
  // The local clock is the UTC clock shifted by the offset in force at that instant.
  const offset = zone === 'utc' ? 0 : -new Date(ms).getTimezoneOffset();
  const d = new Date(ms + offset * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    offset,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function dateText(p: Parts): string {
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function clockText(p: Parts, precision: ClockPrecision): string {
  const minute = `${pad(p.hour)}:${pad(p.minute)}`;
  if (precision === 'minute') return minute;
  const second = `${minute}:${pad(p.second)}`;
  return precision === 'second' ? second : `${second}.${pad(p.millisecond, 3)}`;
}

function offsetText(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** What a time is written in: "UTC", or the local offset at that instant ("UTC+02:00"). */
export function zoneLabel(zone: TimeZoneChoice, atMs: number = Date.now()): string {
  return zone === 'utc' ? 'UTC' : offsetText(partsOf(Number.isFinite(atMs) ? atMs : 0, 'local').offset);
}

/** `2026-03-01 10:15:00 UTC` (or the local clock with its offset). */
export function formatDateTime(ms: number, zone: TimeZoneChoice = 'utc', precision: ClockPrecision = 'second'): string {
  if (!Number.isFinite(ms)) return 'unknown time';
  const p = partsOf(ms, zone);
  return `${dateText(p)} ${clockText(p, precision)} ${zoneLabel(zone, ms)}`;
}

/** The clock alone, `10:15:00`: only where the zone is written next to it (an axis, a heading). */
export function formatClock(ms: number, zone: TimeZoneChoice = 'utc', precision: ClockPrecision = 'second'): string {
  return Number.isFinite(ms) ? clockText(partsOf(ms, zone), precision) : '--:--';
}

/** `2026-03-01 10:00:00–10:30:00 UTC`; the end's date is written only when it differs. */
export function formatTimeRange(startMs: number, endMs: number, zone: TimeZoneChoice = 'utc'): string {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return 'unknown window';
  const a = partsOf(startMs, zone);
  const b = partsOf(endMs, zone);
  const end = dateText(a) === dateText(b) ? clockText(b, 'second') : `${dateText(b)} ${clockText(b, 'second')}`;
  return `${dateText(a)} ${clockText(a, 'second')}–${end} ${zoneLabel(zone, startMs)}`;
}

/** An ISO 8601 text (as stored in the diagnosis or a lesson) written for people; unreadable text is kept as it is. */
export function formatIsoText(iso: string, zone: TimeZoneChoice = 'utc'): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? formatDateTime(ms, zone) : iso;
}

/**
 * Tick labels for a time axis whose zone is written once beside it: the clock to the precision
 * the tick spacing needs, and the date (`03-01 10:00`) on the first tick and wherever the day changes.
 */
export function formatAxisTicks(ticksMs: readonly number[], stepMs: number, zone: TimeZoneChoice = 'utc'): string[] {
  const precision: ClockPrecision = stepMs < 1000 ? 'millisecond' : stepMs < 60_000 ? 'second' : 'minute';
  let previousDay = '';
  return ticksMs.map((ms) => {
    if (!Number.isFinite(ms)) return '';
    const p = partsOf(ms, zone);
    const day = dateText(p);
    const clock = clockText(p, precision);
    const isNewDay = day !== previousDay;
    previousDay = day;
    // A chart of minutes stays within a day (its date is in the legend); one of hours may cross midnight.
    return isNewDay && stepMs >= 3_600_000 ? `${pad(p.month)}-${pad(p.day)} ${clock}` : clock;
  });
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatAxisTicks, formatClock, formatDateTime, formatIsoText, formatTimeRange, zoneLabel } from './index.js';

const T = Date.parse('2026-03-01T22:15:07.250Z');

describe('times for people', () => {
  it('writes UTC by default, 24-hour, with the zone', () => {
    expect(formatDateTime(T)).toBe('2026-03-01 22:15:07 UTC');
    expect(formatDateTime(T, 'utc', 'minute')).toBe('2026-03-01 22:15 UTC');
    expect(formatDateTime(T, 'utc', 'millisecond')).toBe('2026-03-01 22:15:07.250 UTC');
    expect(formatClock(Date.parse('2026-03-01T00:05:00Z'))).toBe('00:05:00');
    expect(formatDateTime(Number.NaN)).toBe('unknown time');
  });

  it('writes a window once with its zone, the end date only when it differs', () => {
    expect(formatTimeRange(Date.parse('2026-03-01T10:00:00Z'), Date.parse('2026-03-01T10:30:00Z'))).toBe(
      '2026-03-01 10:00:00–10:30:00 UTC',
    );
    expect(formatTimeRange(Date.parse('2026-03-01T23:50:00Z'), Date.parse('2026-03-02T00:10:00Z'))).toBe(
      '2026-03-01 23:50:00–2026-03-02 00:10:00 UTC',
    );
  });

  it('rewrites stored ISO text and keeps what it cannot read', () => {
    expect(formatIsoText('2026-03-01T10:04:00.000Z')).toBe('2026-03-01 10:04:00 UTC');
    expect(formatIsoText('yesterday')).toBe('yesterday');
  });

  it('labels axis ticks to the precision of their spacing, the date where an hourly axis changes day', () => {
    const ticks = ['2026-03-01T10:00:00Z', '2026-03-01T10:05:00Z'].map(Date.parse);
    expect(formatAxisTicks(ticks, 300_000)).toEqual(['10:00', '10:05']);
    expect(
      formatAxisTicks(
        ticks.map((t) => t + 30_000),
        30_000,
      ),
    ).toEqual(['10:00:30', '10:05:30']);
    const hours = ['2026-03-01T22:00:00Z', '2026-03-01T23:00:00Z', '2026-03-02T00:00:00Z'].map(Date.parse);
    expect(formatAxisTicks(hours, 3_600_000)).toEqual(['03-01 22:00', '23:00', '03-02 00:00']);
    // Never a 12-hour clock.
    expect(formatAxisTicks([Date.parse('2026-03-01T13:00:00Z')], 60_000)[0]).toBe('13:00');
  });
});

describe('local time, when the analyst chose it', () => {
  const saved = process.env['TZ'];
  beforeEach(() => {
    // Node reads TZ again when it changes: a zone with a half-hour offset and no daylight saving.
    process.env['TZ'] = 'Asia/Kolkata';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('writes the local clock with its offset', () => {
    expect(zoneLabel('local', T)).toBe('UTC+05:30');
    expect(formatDateTime(T, 'local')).toBe('2026-03-02 03:45:07 UTC+05:30');
    expect(formatAxisTicks([Date.parse('2026-03-01T10:00:00Z')], 60_000, 'local')).toEqual(['15:30']);
    expect(zoneLabel('utc', T)).toBe('UTC');
  });
});

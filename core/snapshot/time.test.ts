import { describe, expect, it } from 'vitest';
import { epochUnitProblem, isPlausibleTime, parseTimestamp } from './time.js';

describe('parseTimestamp', () => {
  it('normalises ISO-8601 with a zone and epoch ms to epoch ms', () => {
    const utc = Date.UTC(2026, 2, 1, 10, 4, 0);
    expect(parseTimestamp('2026-03-01T10:04:00Z')).toBe(utc);
    expect(parseTimestamp('2026-03-01T11:04:00+01:00')).toBe(utc);
    expect(parseTimestamp('2026-03-01T11:04:00+0100')).toBe(utc);
    expect(parseTimestamp('2026-03-01T10:04:00.123456789Z')).toBe(utc + 123);
    expect(parseTimestamp(utc)).toBe(utc);
  });

  it('refuses zone-less, malformed and non-finite values', () => {
    expect(parseTimestamp('2026-03-01T10:04:00')).toBeNull();
    expect(parseTimestamp('2026-13-45T10:04:00Z')).toBeNull();
    expect(parseTimestamp('yesterday')).toBeNull();
    expect(parseTimestamp(Number.NaN)).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
  });
});

describe('parseTimestamp agrees with Date.parse', () => {
  it('on a spread of valid forms', () => {
    const samples = [
      '2024-02-29T23:59:59.999Z',
      '1999-12-31T00:00Z',
      '2026-03-01 10:04:00.5+05:30',
      '2026-03-01T10:04:00.12-0800',
      '2026-07-15t01:02:03z',
      '2000-01-01T00:00:00.000000001Z',
    ];
    for (const s of samples) expect([s, parseTimestamp(s)]).toEqual([s, Date.parse(s)]);
  });

  it('rejects impossible dates that Date.parse would roll over', () => {
    for (const s of [
      '2023-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:04:00+2400',
      '2026-03-01T10:04:00Zjunk',
    ]) {
      expect([s, parseTimestamp(s)]).toEqual([s, null]);
    }
  });
});

describe('numeric times in another unit than epoch ms', () => {
  const ms = Date.UTC(2026, 2, 1, 10, 4, 0);
  it('names the unit a number is an epoch in when it reads as 1990–2100 in seconds, µs or ns', () => {
    expect(epochUnitProblem(ms / 1000)).toMatch(/^looks like epoch seconds \(~1e9\), not epoch ms \(~1e12\)/);
    expect(epochUnitProblem(ms * 1000)).toMatch(/^looks like epoch microseconds \(~1e15\), not epoch ms/);
    expect(epochUnitProblem(ms * 1e6)).toMatch(/^looks like epoch nanoseconds \(~1e18\), not epoch ms/);
    expect(epochUnitProblem(Date.UTC(1990, 0, 1) / 1000)).toMatch(/seconds/);
  });

  it('leaves epoch ms alone, and numbers that read as no other epoch either', () => {
    for (const value of [ms, Date.UTC(1990, 0, 1), Date.UTC(2099, 11, 31), 0, 1000, -1e11, 253_402_300_799_000]) {
      expect(epochUnitProblem(value), String(value)).toBeNull();
    }
  });

  it('tells times within 1990–2100 from the rest', () => {
    expect(isPlausibleTime(ms)).toBe(true);
    expect(isPlausibleTime(Date.UTC(1990, 0, 1))).toBe(true);
    expect(isPlausibleTime(Date.UTC(1989, 11, 31, 23, 59))).toBe(false);
    expect(isPlausibleTime(Date.UTC(2100, 0, 1))).toBe(false);
    expect(isPlausibleTime(0)).toBe(false);
  });
});

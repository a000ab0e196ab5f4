import { describe, expect, it } from 'vitest';
import { OpenInput, parseUnknown } from '../ipc/index.js';
import { checkCaptureTimes, checkIncidentTime, checkPeriod, parsePeriod } from './capture-times.js';

describe('capture times: one check for the CLI flags, the open dialog and the IPC contract', () => {
  it('takes an ISO-8601 time with a zone, and refuses a zone-less or impossible one naming the field', () => {
    expect(checkIncidentTime('2026-03-01T09:43:00Z', '--incident-time')).toEqual({ value: '2026-03-01T09:43:00Z' });
    expect(checkIncidentTime('2026-03-01T10:43:00+01:00', 'x')).toEqual({ value: '2026-03-01T10:43:00+01:00' });
    expect(checkIncidentTime('2026-03-01T09:43:00', '--incident-time')).toEqual({
      error: '--incident-time must be an ISO-8601 time with a zone, e.g. 2026-03-01T09:43:00Z; got "2026-03-01T09:43:00"',
    });
    expect(checkIncidentTime('2026-02-30T09:43:00Z', 'Incident time')).toMatchObject({ error: expect.stringMatching(/^Incident time /) });
  });

  it('reads START/END, refusing one time, three parts, a zone-less time and a backwards period', () => {
    expect(parsePeriod('2026-03-01T09:30:00Z/2026-03-01T10:00:00Z', '--window')).toEqual({
      value: { start: '2026-03-01T09:30:00Z', end: '2026-03-01T10:00:00Z' },
    });
    for (const bad of [
      '2026-03-01T09:30:00Z',
      '2026-03-01T09:30:00Z/2026-03-01T10:00:00Z/2026-03-01T11:00:00Z',
      '2026-03-01T09:30/2026-03-01T10:00Z',
    ])
      expect(parsePeriod(bad, '--window')).toEqual({
        error: `--window must be START/END with ISO-8601 times with a zone, e.g. 2026-03-01T09:30:00Z/2026-03-01T10:00:00Z; got "${bad}"`,
      });
    expect(parsePeriod('2026-03-01T10:00:00Z/2026-03-01T09:30:00Z', 'Window')).toEqual({
      error: 'Window ends before it starts: "2026-03-01T10:00:00Z/2026-03-01T09:30:00Z"',
    });
    // Zones are compared as instants: 10:15+01:00 is 09:15Z, before 09:30Z.
    expect(checkPeriod({ start: '2026-03-01T09:30:00Z', end: '2026-03-01T10:15:00+01:00' }, 'window')).toMatchObject({
      error: expect.stringMatching(/ends before it starts/),
    });
  });

  it('refuses an incident time outside the window, naming both fields; its ends count as inside', () => {
    const window = { start: '2026-03-01T09:30:00Z', end: '2026-03-01T10:00:00Z' };
    const fields = { incidentTime: '--incident-time', window: '--window' };
    for (const incidentTime of ['2026-03-01T09:30:00Z', '2026-03-01T09:43:00Z', '2026-03-01T10:00:00Z', '2026-03-01T10:30:00+01:00'])
      expect(checkCaptureTimes({ incidentTime, window }, fields), incidentTime).toEqual({ value: { incidentTime, window } });
    expect(checkCaptureTimes({ incidentTime: '2026-03-01T10:00:01Z', window }, fields)).toEqual({
      error:
        '--incident-time "2026-03-01T10:00:01Z" is outside --window "2026-03-01T09:30:00Z/2026-03-01T10:00:00Z": the incident must fall within the window it is investigated in',
    });
    expect(checkCaptureTimes({ incidentTime: '2026-03-01T09:29:00Z', window }, fields)).toMatchObject({
      error: expect.stringMatching(/is outside/),
    });
    // Either alone has nothing to be outside of.
    expect(checkCaptureTimes({ incidentTime: '2026-03-01T11:00:00Z' }, fields)).toEqual({
      value: { incidentTime: '2026-03-01T11:00:00Z' },
    });
    expect(checkCaptureTimes({ window }, fields)).toEqual({ value: { window } });
  });

  it('snapshot.open carries them, refused with the same words', () => {
    const input = {
      path: '/captures/checkout',
      incidentTime: '2026-03-01T09:43:00Z',
      window: { start: '2026-03-01T09:30:00Z', end: '2026-03-01T10:00:00Z' },
    };
    expect(parseUnknown(OpenInput, input, 'snapshot.open')).toEqual(input);
    expect(parseUnknown(OpenInput, { path: '/bundle' }, 'snapshot.open')).toEqual({ path: '/bundle' });
    expect(() => parseUnknown(OpenInput, { ...input, incidentTime: '09:43' }, 'snapshot.open')).toThrow(
      /incidentTime must be an ISO-8601 time with a zone, e\.g\. 2026-03-01T09:43:00Z; got "09:43"/,
    );
    expect(() =>
      parseUnknown(OpenInput, { ...input, window: { start: '2026-03-01T10:00:00Z', end: '2026-03-01T09:00:00Z' } }, 'snapshot.open'),
    ).toThrow(/window ends before it starts/);
    expect(() => parseUnknown(OpenInput, { ...input, incidentTime: '2026-03-01T08:00:00Z' }, 'snapshot.open')).toThrow(
      /incidentTime "2026-03-01T08:00:00Z" is outside window "2026-03-01T09:30:00Z\/2026-03-01T10:00:00Z"/,
    );
    expect(() => parseUnknown(OpenInput, { ...input, window: '2026-03-01T09:30:00Z/2026-03-01T10:00:00Z' }, 'snapshot.open')).toThrow(
      /window/,
    );
  });
});

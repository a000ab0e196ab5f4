import { z } from 'zod';
import { parseTimestamp } from './time.js';

/**
 * What the user knows of an incident and a capture cannot say (docs/convert.md): when it began
 * and the period to look at. `eog convert capture`, the CLI commands that open a capture folder
 * and the app's open dialog all check them here, so each accepts exactly what the others do.
 */
export interface CaptureTimes {
  /** The onset, ISO-8601 with a zone. */
  incidentTime?: string;
  window?: TimePeriod;
}

export interface TimePeriod {
  start: string;
  end: string;
}

export const TIME_EXAMPLE = '2026-03-01T09:43:00Z';
export const PERIOD_EXAMPLE = '2026-03-01T09:30:00Z/2026-03-01T10:00:00Z';

export type Checked<T> = { value: T } | { error: string };

/** An ISO-8601 time with a zone, as a bundle accepts it (a zone-less time is refused, not guessed). */
export const isZonedTime = (text: string): boolean => parseTimestamp(text) !== null;

const timeError = (field: string, value: string): string =>
  `${field} must be an ISO-8601 time with a zone, e.g. ${TIME_EXAMPLE}; got "${value}"`;

/** The incident time as given, or an error naming `field` (a flag or a form field). */
export function checkIncidentTime(text: string, field: string): Checked<string> {
  return isZonedTime(text) ? { value: text } : { error: timeError(field, text) };
}

/** A period's times, or an error naming `field`: both with a zone, the end not before the start. */
export function checkPeriod(period: TimePeriod, field: string): Checked<TimePeriod> {
  const start = parseTimestamp(period.start);
  const end = parseTimestamp(period.end);
  if (start === null || end === null)
    return {
      error: `${field} must be START/END with ISO-8601 times with a zone, e.g. ${PERIOD_EXAMPLE}; got "${period.start}/${period.end}"`,
    };
  // The bundle reader refuses a backwards period; say so before converting anything.
  if (end < start) return { error: `${field} ends before it starts: "${period.start}/${period.end}"` };
  return { value: period };
}

/** `START/END` (the CLI flags' and the open dialog's form), checked as checkPeriod checks it. */
export function parsePeriod(text: string, field: string): Checked<TimePeriod> {
  const [start, end, ...rest] = text.split('/');
  if (!start || !end || rest.length > 0)
    return { error: `${field} must be START/END with ISO-8601 times with a zone, e.g. ${PERIOD_EXAMPLE}; got "${text}"` };
  return checkPeriod({ start, end }, field);
}

/**
 * Both times together: an incident time outside the window is refused (either end counts as
 * inside), naming both fields; the window would be investigated without the incident in it.
 */
export function checkCaptureTimes(times: CaptureTimes, fields: { incidentTime: string; window: string }): Checked<CaptureTimes> {
  if (times.incidentTime === undefined || times.window === undefined) return { value: times };
  const at = parseTimestamp(times.incidentTime);
  const start = parseTimestamp(times.window.start);
  const end = parseTimestamp(times.window.end);
  if (at === null || start === null || end === null || (at >= start && at <= end)) return { value: times };
  return {
    error: `${fields.incidentTime} "${times.incidentTime}" is outside ${fields.window} "${times.window.start}/${times.window.end}": the incident must fall within the window it is investigated in`,
  };
}

/** Adds a Checked error to a zod refinement, so the IPC contract fails with the same words. */
function refineWith<T>(check: (value: T, field: string) => Checked<T>, field: string) {
  return (value: T, ctx: z.RefinementCtx): void => {
    const checked = check(value, field);
    if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
  };
}

/** The capture times as the IPC contract carries them (snapshot.open). */
export const CaptureTimesInput = z
  .object({
    incidentTime: z.string().max(64).superRefine(refineWith(checkIncidentTime, 'incidentTime')).optional(),
    window: z
      .object({ start: z.string().max(64), end: z.string().max(64) })
      .superRefine(refineWith(checkPeriod, 'window'))
      .optional(),
  })
  .superRefine((times, ctx) => {
    const checked = checkCaptureTimes(times, { incidentTime: 'incidentTime', window: 'window' });
    if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error, path: ['incidentTime'] });
  });

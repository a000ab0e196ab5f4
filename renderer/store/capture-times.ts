import { checkCaptureTimes, checkIncidentTime, parsePeriod, type CaptureTimes } from '../../core/snapshot/index.js';

/** The open dialog's capture fields, as typed. */
export interface CaptureTimesText {
  incidentTime: string;
  window: string;
}

export class InvalidCaptureTimesError extends Error {
  override name = 'InvalidCaptureTimesError';
}

/**
 * The capture fields as `snapshot.open` takes them, checked as `eog convert capture` checks its
 * flags (core/snapshot/capture-times.ts); a blank field is left out. Throws
 * InvalidCaptureTimesError naming the field.
 */
export function captureTimesFromText(text: CaptureTimesText): CaptureTimes {
  const times: CaptureTimes = {};
  const incidentTime = text.incidentTime.trim();
  const window = text.window.trim();
  if (incidentTime) {
    const checked = checkIncidentTime(incidentTime, 'Incident time');
    if ('error' in checked) throw new InvalidCaptureTimesError(checked.error);
    times.incidentTime = checked.value;
  }
  if (window) {
    const checked = parsePeriod(window, 'Window');
    if ('error' in checked) throw new InvalidCaptureTimesError(checked.error);
    times.window = checked.value;
  }
  const together = checkCaptureTimes(times, { incidentTime: 'Incident time', window: 'Window' });
  if ('error' in together) throw new InvalidCaptureTimesError(together.error);
  return times;
}

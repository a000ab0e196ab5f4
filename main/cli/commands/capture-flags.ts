import { statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { checkCaptureTimes, checkIncidentTime, parsePeriod, type CaptureTimes, type TimePeriod } from '../../../core/snapshot/index.js';
import { isClickHouseSpec, type ChosenWindow } from '../../store/index.js';
import { captureTimesNotApplicable } from '../../app/resolve-snapshot.js';
import { chosenWindowOf } from '../../app/open-store.js';
import { detectFormat } from '../../convert/index.js';
import { UsageError } from '../errors.js';

export interface CaptureTimeFlags {
  incidentTime?: string;
  window?: string;
}

/**
 * `--incident-time` and `--window` on the commands that open a snapshot folder: what a capture
 * cannot say, as `eog convert capture` takes them. Refused for anything else, never ignored.
 */
export function addCaptureTimeOptions(command: Command): Command {
  return command
    .option(
      '--incident-time <time>',
      'capture folders and Collector databases only: the incident onset, ISO-8601 with a zone (as eog convert capture takes it)',
    )
    .option(
      '--window <start/end>',
      'capture folders and Collector databases only: the investigation window, START/END in ISO-8601 with a zone',
    );
}

/** A `START/END` flag's period, or undefined when it was not given; a UsageError naming the flag when malformed. */
export function checkedPeriod(value: string | undefined, flag: string): TimePeriod | undefined {
  if (value === undefined) return undefined;
  const checked = parsePeriod(value, flag);
  if ('error' in checked) throw new UsageError(checked.error);
  return checked.value;
}

/** The flags' incident time and window, checked as the IPC contract checks them (core/snapshot/capture-times.ts). */
export function captureTimesFrom(flags: CaptureTimeFlags): CaptureTimes {
  const times: CaptureTimes = {};
  if (flags.incidentTime !== undefined) {
    const checked = checkIncidentTime(flags.incidentTime, '--incident-time');
    if ('error' in checked) throw new UsageError(checked.error);
    times.incidentTime = checked.value;
  }
  const window = checkedPeriod(flags.window, '--window');
  if (window) times.window = window;
  const together = checkCaptureTimes(times, { incidentTime: '--incident-time', window: '--window' });
  if ('error' in together) throw new UsageError(together.error);
  return times;
}

const isFolder = (input: string): boolean => statSync(input, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** What the flags place: a capture folder's times, or the window of a ClickHouse database (a Collector's). */
export type Placement = { kind: 'capture'; times: CaptureTimes } | { kind: 'store'; window: ChosenWindow | undefined };

/**
 * For a snapshot argument: the capture times to convert it with when it is a capture folder,
 * the window to open a ClickHouse database with (one the OpenTelemetry Collector wrote; the
 * store refuses it for an imported snapshot), null when it is anything else (a bundle, a
 * store file), for which the flags are a UsageError.
 */
export function captureOpening(input: string, flags: CaptureTimeFlags): Placement | null {
  const times = captureTimesFrom(flags);
  if (isClickHouseSpec(input)) return { kind: 'store', window: chosenWindowOf(times) };
  const format = isFolder(input) ? detectFormat(input) : null;
  if (format === 'capture') return { kind: 'capture', times };
  if (times.incidentTime !== undefined || times.window !== undefined)
    throw new UsageError(
      format === null
        ? `--incident-time and --window apply only to a capture folder (OTLP / Prometheus / kubectl exports) or a ClickHouse database the OpenTelemetry Collector wrote, but ${input} is neither: leave them out to open it.`
        : captureTimesNotApplicable(path.resolve(input), format, '--incident-time and --window'),
    );
  return null;
}

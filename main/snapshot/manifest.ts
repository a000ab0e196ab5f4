import type { TimeWindow } from '../../core/model/packet.js';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import { BundleFormatError, type ImportWarning } from './errors.js';
import { TIMESTAMP_EXPECTATION, epochUnitProblem, isPlausibleTime, parseTimestamp } from '../../core/snapshot/time.js';

/** The times snapshot.json names, in epoch ms; null where it names none. */
export interface ManifestTimes {
  incidentTime: number | null;
  window: TimeWindow | null;
  baseline: TimeWindow | null;
  /** The metrics' own normal period; null: the metrics compare with `baseline`. */
  metricBaseline: TimeWindow | null;
}

function manifestTime(value: unknown, field: string): number {
  const ms = parseTimestamp(value);
  if (ms === null) throw new BundleFormatError('snapshot.json', null, field, TIMESTAMP_EXPECTATION);
  const unit = typeof value === 'number' ? epochUnitProblem(value) : null;
  if (unit !== null) throw new BundleFormatError('snapshot.json', null, field, unit);
  return ms;
}

function manifestWindow(w: SnapshotManifest['window'], field: string): TimeWindow | null {
  if (w === undefined) return null;
  const window = { start: manifestTime(w.start, `${field}.start`), end: manifestTime(w.end, `${field}.end`) };
  if (window.end < window.start) throw new BundleFormatError('snapshot.json', null, field, 'end is before start');
  return window;
}

/** Checks and converts the manifest's times with the importer's own timestamp rules (time.ts). */
export function manifestTimes(manifest: SnapshotManifest): ManifestTimes {
  return {
    incidentTime: manifest.incidentTime === undefined ? null : manifestTime(manifest.incidentTime, 'incidentTime'),
    baseline: manifestWindow(manifest.baseline, 'baseline'),
    metricBaseline: manifestWindow(manifest.metricBaseline, 'metricBaseline'),
    window: manifestWindow(manifest.window, 'window'),
  };
}

/** snapshot.json's times outside 1990–2100, in one warning (as each record file's are), or none. */
export function manifestTimeWarnings(times: ManifestTimes): ImportWarning[] {
  const named: [string, number | null | undefined][] = [
    ['incidentTime', times.incidentTime],
    ...(['window', 'baseline', 'metricBaseline'] as const).flatMap((field): [string, number | undefined][] => [
      [`${field}.start`, times[field]?.start],
      [`${field}.end`, times[field]?.end],
    ]),
  ];
  const far = named.filter(([, ms]) => typeof ms === 'number' && !isPlausibleTime(ms)).map(([field]) => field);
  if (far.length === 0) return [];
  return [
    {
      file: 'snapshot.json',
      line: null,
      message: `${far.join(', ')} ${far.length === 1 ? 'is' : 'are'} outside 1990–2100: check the unit (epoch ms) or the year`,
    },
  ];
}

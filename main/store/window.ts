import type { TimeWindow } from '../../core/model/packet.js';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import { manifestTimes } from '../snapshot/manifest.js';

/** How far before the first alert the window opens: causes precede the alerts they explain. */
export const ALERT_LEAD_MS = 15 * 60_000;
/** Half-width of the window around `incidentTime` when nothing better is known. */
export const INCIDENT_HALF_WIDTH_MS = 15 * 60_000;
/** Alerts that fire by design and say nothing about the incident. */
export const NOISE_ALERTS: ReadonlySet<string> = new Set(['Watchdog', 'InfoInhibitor']);

/** `chosen`: given when the store was opened (a Collector database's `--window`), not stored with it. */
export type WindowSource = 'manifest' | 'alerts' | 'incident' | 'extent' | 'chosen';

export interface WindowInfo {
  window: TimeWindow;
  /** The normal period to compare against; null means "use the pre-window". */
  baseline: TimeWindow | null;
  /** The metrics' own normal period (snapshot.json `metricBaseline`); absent or null: `baseline`. */
  metricBaseline?: TimeWindow | null;
  source: WindowSource;
  incidentTime: number | null;
  /**
   * The incident time the manifest gave, when the alerted entities' requests placed the onset
   * earlier (store/onset.ts); `incidentTime` is then the onset the signals are measured from.
   */
  givenIncidentTime?: number;
}

export interface AlertSpan {
  name: string;
  start: number;
  end: number | null;
}

/**
 * The investigation window: snapshot.json `window`; else from the alerts (first start minus
 * a lead, to the last end); else incidentTime ± 15 min; else the extent of the data.
 */
export function deriveWindow(manifest: SnapshotManifest, alerts: readonly AlertSpan[], extent: TimeWindow | null): WindowInfo {
  const { incidentTime, baseline, window: given, ...times } = manifestTimes(manifest);
  // Only when the manifest names one, so a window of any other snapshot is as it was.
  const metricBaseline = times.metricBaseline ? { metricBaseline: times.metricBaseline } : {};
  if (given) return { window: given, baseline, ...metricBaseline, source: 'manifest', incidentTime };
  const signal = alerts.filter((a) => !NOISE_ALERTS.has(a.name));
  if (signal.length > 0) {
    // Loops, not Math.min(...spread): a bundle may hold more alerts than the argument limit.
    let first = Infinity;
    let lastStart = -Infinity;
    for (const a of signal) {
      first = Math.min(first, a.start);
      lastStart = Math.max(lastStart, a.start);
    }
    const openEnd = extent?.end ?? lastStart;
    let end = -Infinity;
    for (const a of signal) end = Math.max(end, a.end ?? openEnd);
    const start = first - ALERT_LEAD_MS;
    return { window: { start, end: Math.max(end, first) }, baseline, ...metricBaseline, source: 'alerts', incidentTime };
  }
  if (incidentTime !== null) {
    const window = { start: incidentTime - INCIDENT_HALF_WIDTH_MS, end: incidentTime + INCIDENT_HALF_WIDTH_MS };
    return { window, baseline, ...metricBaseline, source: 'incident', incidentTime };
  }
  return { window: extent ?? { start: 0, end: 0 }, baseline, ...metricBaseline, source: 'extent', incidentTime };
}

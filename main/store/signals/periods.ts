import type { TimeWindow } from '../../../core/model/packet.js';
import type { SnapshotManifest } from '../../../core/snapshot/schema.js';
import { deriveWindow, type AlertSpan, type WindowInfo } from '../window.js';

/** Stands in for an open bound; finite, because the signal collectors validate their ranges. */
export const FAR = Number.MAX_SAFE_INTEGER;
export const OPEN_EXTENT: TimeWindow = { start: -FAR, end: FAR };

export type Period = 'window' | 'baseline';

/**
 * Which records feed which side of a comparison. Fixed before the bulk of the records are
 * streamed (from snapshot.json and the alerts, which are imported first), so signals are
 * computed in the same pass; the final window may only differ by an end left open.
 */
export class Periods {
  /**
   * The part of the investigation window the incident's signals are measured in: from the
   * incident time (when it falls inside the window) to the end. What the window holds before
   * the onset is normal behaviour and joins the baseline, so a statement that stops at the
   * onset reads as gone, and errors that were already there before it do not read as new.
   */
  readonly window: TimeWindow;
  readonly preOnset: TimeWindow | null;
  /** What the metrics compare with: their own normal period when the snapshot names one, else `baseline`. */
  readonly metricBaseline: TimeWindow | null;

  constructor(
    investigationWindow: TimeWindow,
    /** null: everything before the window start is the baseline (the pre-window). */
    readonly baseline: TimeWindow | null,
    incidentTime: number | null = null,
    metricBaseline: TimeWindow | null = null,
  ) {
    this.metricBaseline = metricBaseline ?? baseline;
    const onset = onsetOf(investigationWindow, incidentTime);
    this.window = { start: onset, end: investigationWindow.end };
    this.preOnset = onset > investigationWindow.start ? { start: investigationWindow.start, end: onset } : null;
  }

  static fromPlan(plan: WindowInfo): Periods {
    return new Periods(plan.window, plan.baseline, plan.incidentTime, plan.metricBaseline ?? null);
  }

  periodOf(time: number): Period | null {
    if (time >= this.window.start && time <= this.window.end) return 'window';
    if (this.preOnset && time >= this.preOnset.start && time < this.preOnset.end) return 'baseline';
    if (this.baseline) return time >= this.baseline.start && time <= this.baseline.end ? 'baseline' : null;
    return time < this.window.start ? 'baseline' : null;
  }

  /** Period lengths for rate comparisons, using the final window and the data extent. */
  static durations(final: WindowInfo, extent: TimeWindow | null): { windowMs: number; baselineMs: number } {
    const onset = onsetOf(final.window, final.incidentTime);
    const windowMs = Math.max(final.window.end - onset, 1);
    const preOnsetMs = onset - final.window.start;
    if (final.baseline) return { windowMs, baselineMs: Math.max(final.baseline.end - final.baseline.start, 0) + preOnsetMs };
    const dataStart = extent?.start ?? final.window.start;
    return { windowMs, baselineMs: Math.max(onset - dataStart, 0) };
  }
}

/** The incident time when it lies inside the window (and leaves some of it after), else the window start. */
export function onsetOf(window: TimeWindow, incidentTime: number | null): number {
  if (incidentTime === null || !(incidentTime > window.start) || !(incidentTime < window.end)) return window.start;
  return incidentTime;
}

/**
 * The window the signals' periods come from when they are derived after an import: what a
 * streaming import fixes (the manifest and the alerts, the end left open), measured from the
 * onset the import placed (store/onset.ts). SQLite and ClickHouse derive over the same one.
 */
export function derivationWindow(manifest: SnapshotManifest, alerts: readonly AlertSpan[], placed: WindowInfo): WindowInfo {
  return { ...deriveWindow(manifest, alerts, OPEN_EXTENT), incidentTime: placed.incidentTime };
}

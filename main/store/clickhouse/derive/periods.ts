import type { TimeWindow } from '../../../../core/model/packet.js';
import { FAR, Periods } from '../../signals/periods.js';
import { INCIDENT_HALF_WIDTH_MS, type WindowInfo } from '../../window.js';
import type { ChParams } from '../runner.js';

/** Minutes of the most recent data taken as the incident window when nothing says otherwise. */
export const RECENT_WINDOW_MS = 30 * 60_000;
/** The baseline reaches back this far before the window at most: queries stay bounded on a long history. */
export const MAX_BASELINE_MS = 2 * 60 * 60_000;

/**
 * The window of a database the Collector wrote, which has no snapshot.json and no alerts: the
 * most recent 30 minutes of telemetry (the later half when there is less than an hour), with
 * the time before it, up to two hours, as the baseline. An SRE asked "what is wrong now"
 * compares the last half hour with the hours before it.
 */
export function recentWindow(extent: TimeWindow): WindowInfo {
  const span = Math.max(0, extent.end - extent.start);
  const length = span >= 2 * RECENT_WINDOW_MS ? RECENT_WINDOW_MS : Math.floor(span / 2);
  const start = extent.end - length;
  const baselineStart = Math.max(extent.start, start - MAX_BASELINE_MS);
  return {
    window: { start, end: extent.end },
    baseline: start > baselineStart ? { start: baselineStart, end: start - 1 } : null,
    source: 'extent',
    incidentTime: null,
  };
}

/** A window the user chose for a Collector database (`--window`, `--incident-time`), in epoch ms. */
export interface ChosenWindow {
  window?: TimeWindow;
  incidentTime?: number;
}

/**
 * The window of a Collector database the user placed: the chosen window, or the incident time
 * ± 15 minutes as a bundle's snapshot.json incident time gives it, with the time before it, up
 * to two hours, as the baseline; without either, the recent window. A window outside the
 * telemetry is an error naming both, not an empty investigation.
 */
export function chosenWindow(extent: TimeWindow, chosen: ChosenWindow): WindowInfo {
  const incidentTime = chosen.incidentTime ?? null;
  const window =
    chosen.window ??
    (incidentTime === null ? null : { start: incidentTime - INCIDENT_HALF_WIDTH_MS, end: incidentTime + INCIDENT_HALF_WIDTH_MS });
  if (window === null) return recentWindow(extent);
  if (window.end < extent.start || window.start > extent.end) throw new WindowOutsideTelemetryError(window, extent);
  const baselineStart = Math.max(extent.start, window.start - MAX_BASELINE_MS);
  return {
    window,
    baseline: window.start > baselineStart ? { start: baselineStart, end: window.start - 1 } : null,
    source: 'chosen',
    incidentTime,
  };
}

export class WindowOutsideTelemetryError extends Error {
  override name = 'WindowOutsideTelemetryError';
  constructor(window: TimeWindow, extent: TimeWindow) {
    const iso = (w: TimeWindow): string => `${new Date(w.start).toISOString()}/${new Date(w.end).toISOString()}`;
    super(`the chosen window ${iso(window)} holds no telemetry: the database's telemetry spans ${iso(extent)}`);
  }
}

/**
 * The periods of main/store/signals (Periods) as SQL over a millisecond `time` column, with
 * their bounds as query parameters: `period` for spans and logs (the pre-onset part of the
 * window joins the baseline), `metricPeriod` for metrics (core/signals' metric collector
 * compares the window with the baseline only).
 */
export class SqlPeriods {
  readonly periods: Periods;
  readonly params: ChParams;
  /** The time range any period covers: rows outside it are never read. */
  readonly range: string;

  constructor(readonly info: WindowInfo) {
    this.periods = Periods.fromPlan(info);
    const { window, preOnset, baseline, metricBaseline } = this.periods;
    // Without a baseline everything before the window is the baseline (signals/periods.ts);
    // a given baseline may lie after the window (a bundle's manifest says where).
    const low = baseline
      ? Math.min(window.start, preOnset?.start ?? window.start, baseline.start, metricBaseline?.start ?? baseline.start)
      : -FAR;
    const high = Math.max(window.end, baseline?.end ?? window.end, metricBaseline?.end ?? window.end);
    this.params = {
      ws: window.start,
      we: window.end,
      ps: preOnset?.start ?? 0,
      pe: preOnset?.end ?? 0,
      bs: baseline?.start ?? 0,
      be: baseline?.end ?? 0,
      mbs: metricBaseline?.start ?? 0,
      mbe: metricBaseline?.end ?? 0,
      lo: low,
      hi: high,
    };
    this.range = 'time >= {lo:Int64} AND time <= {hi:Int64}';
  }

  /** 'window', 'baseline' or '' (neither) for a row's time. */
  period(time = 'time'): string {
    const { preOnset, baseline } = this.periods;
    const pre = preOnset ? `${time} >= {ps:Int64} AND ${time} < {pe:Int64}, 'baseline', ` : '';
    const base = baseline ? `${time} >= {bs:Int64} AND ${time} <= {be:Int64}` : `${time} < {ws:Int64}`;
    return `multiIf(${time} >= {ws:Int64} AND ${time} <= {we:Int64}, 'window', ${pre}${base}, 'baseline', '')`;
  }

  metricPeriod(time = 'time'): string {
    const base = this.periods.metricBaseline ? `${time} >= {mbs:Int64} AND ${time} <= {mbe:Int64}` : `${time} < {ws:Int64}`;
    return `multiIf(${time} >= {ws:Int64} AND ${time} <= {we:Int64}, 'window', ${base}, 'baseline', '')`;
  }
}

/** Minutes of the normal period and of the incident window (the window follows the baseline). */
export const BASELINE_MINUTES = 30;
export const WINDOW_MINUTES = 30;
/** A fixed default start keeps bundles byte-identical across days; `--start` overrides it. */
export const DEFAULT_START_MS = Date.UTC(2026, 2, 1, 9, 0, 0);
export const MINUTE_MS = 60_000;

export interface Timeline {
  baselineStart: number;
  windowStart: number;
  windowEnd: number;
  /** When the injected fault starts to act. Never written to snapshot.json. */
  onset: number;
  minutes: number;
}

export function buildTimeline(start: number, onsetOffsetMs: number): Timeline {
  const windowStart = start + BASELINE_MINUTES * MINUTE_MS;
  return {
    baselineStart: start,
    windowStart,
    windowEnd: windowStart + WINDOW_MINUTES * MINUTE_MS,
    onset: windowStart + onsetOffsetMs,
    minutes: BASELINE_MINUTES + WINDOW_MINUTES,
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();

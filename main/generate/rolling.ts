import { p95 } from './stats.js';

/** Minutes a dashboard query looks back over, as in `rate(http_requests_total[5m])`. */
export const ROLLING_MINUTES = 5;

interface Minute {
  count: number;
  errors: number;
  durations: number[];
}

/**
 * Per-pod request metrics over the last few minutes, the way Prometheus recording rules
 * compute them: a pod serving a handful of requests a minute would otherwise show a p95 and
 * an error ratio that jump on every single slow or failed request.
 */
export class RollingRequests {
  private readonly minutes: Minute[][];
  private cursor = 0;

  constructor(pods: number) {
    this.minutes = Array.from({ length: pods }, () =>
      Array.from({ length: ROLLING_MINUTES }, () => ({ count: 0, errors: 0, durations: [] })),
    );
  }

  /** Replaces the oldest minute of `pod` with this one's numbers (durations are copied). */
  push(pod: number, count: number, errors: number, durations: readonly number[]): void {
    const slot = this.minutes[pod]?.[this.cursor];
    if (!slot) return;
    slot.count = count;
    slot.errors = errors;
    slot.durations = [...durations];
  }

  /** Call once all pods of a minute were pushed. */
  advance(): void {
    this.cursor = (this.cursor + 1) % ROLLING_MINUTES;
  }

  summary(pod: number): { perMinute: number; errorRatio: number; p95: number | null } {
    const window = this.minutes[pod] ?? [];
    let count = 0;
    let errors = 0;
    const durations: number[] = [];
    let filled = 0;
    for (const m of window) {
      count += m.count;
      errors += m.errors;
      for (const d of m.durations) durations.push(d);
      if (m.count > 0 || m.durations.length > 0) filled += 1;
    }
    return { perMinute: count / Math.max(1, filled), errorRatio: count > 0 ? errors / count : 0, p95: p95(durations) };
  }
}

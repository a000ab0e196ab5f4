import type { AlertRecord } from '../../core/snapshot/schema.js';
import { p95, type MinuteStats } from './stats.js';
import type { SystemModel } from './system.js';
import { iso, MINUTE_MS, type Timeline } from './timeline.js';

/** An alert must hold this many consecutive minutes, like a Prometheus rule's `for: 2m`. */
const FOR_MINUTES = 2;

/**
 * What a monitoring system keeps per service: one p95, request count and error count a
 * minute. Alerts are derived from these, never from the fault plan, so they fire only when
 * the telemetry really degrades.
 */
export class ServiceMonitor {
  private readonly p95s: Float64Array;
  private readonly counts: Int32Array;
  private readonly errors: Int32Array;

  constructor(
    private readonly system: SystemModel,
    private readonly timeline: Timeline,
  ) {
    const cells = system.services.length * timeline.minutes;
    this.p95s = new Float64Array(cells).fill(Number.NaN);
    this.counts = new Int32Array(cells);
    this.errors = new Int32Array(cells);
  }

  record(minute: number, stats: MinuteStats): void {
    for (let s = 0; s < this.system.services.length; s++) {
      const cell = s * this.timeline.minutes + minute;
      this.p95s[cell] = p95(stats.serviceDurations[s] ?? []) ?? Number.NaN;
      this.counts[cell] = stats.serviceCount[s] ?? 0;
      this.errors[cell] = stats.serviceErrors[s] ?? 0;
    }
  }

  /**
   * Latency and error-rate alerts on the entry services; when none fires there, on the
   * highest layer of services where one does (users saw nothing, but a team's SLO broke).
   */
  alerts(): AlertRecord[] {
    const layers = [...new Set(this.system.services.map((s) => s.layer))].sort((a, b) => a - b);
    for (const layer of layers) {
      const fired = this.system.services.filter((s) => s.layer === layer).flatMap((s) => this.alertsOf(s.index));
      if (fired.length > 0) return fired;
    }
    return [];
  }

  private alertsOf(service: number): AlertRecord[] {
    const s = this.system.services[service];
    if (!s) return [];
    const baselineMinutes = Math.round((this.timeline.windowStart - this.timeline.baselineStart) / MINUTE_MS);
    const row = (i: number): number => service * this.timeline.minutes + i;
    const baseP95 = median(Array.from({ length: baselineMinutes }, (_, i) => this.p95s[row(i)] ?? Number.NaN).filter(Number.isFinite));
    let baseCount = 0;
    let baseErrors = 0;
    for (let i = 0; i < baselineMinutes; i++) {
      baseCount += this.counts[row(i)] ?? 0;
      baseErrors += this.errors[row(i)] ?? 0;
    }
    const baseErrorRate = baseCount > 0 ? baseErrors / baseCount : 0;
    const out: AlertRecord[] = [];
    const labels = { service: s.name, namespace: this.system.namespace };
    const latency = this.firstBreach(baselineMinutes, (i) => {
      const v = this.p95s[row(i)] ?? Number.NaN;
      return baseP95 !== null && Number.isFinite(v) && v > Math.max(1.5 * baseP95, baseP95 + 50);
    });
    if (latency !== null && baseP95 !== null) {
      const worst = this.p95s[row(latency.minute)] ?? 0;
      out.push({
        name: 'HighRequestLatency',
        entity: s.id,
        severity: worst > 3 * baseP95 ? 'critical' : 'warning',
        startsAt: iso(latency.at),
        summary: `p95 latency of ${s.name} is ${Math.round(worst)} ms (usually ${Math.round(baseP95)} ms)`,
        labels,
      });
    }
    const errors = this.firstBreach(baselineMinutes, (i) => {
      const n = this.counts[row(i)] ?? 0;
      const e = this.errors[row(i)] ?? 0;
      return e >= 3 && n > 0 && e / n > baseErrorRate + 0.05;
    });
    if (errors !== null) {
      const n = this.counts[row(errors.minute)] ?? 1;
      const rate = (this.errors[row(errors.minute)] ?? 0) / Math.max(1, n);
      out.push({
        name: 'HighErrorRate',
        entity: s.id,
        severity: 'critical',
        startsAt: iso(errors.at),
        summary: `${(rate * 100).toFixed(1)}% of ${s.name} requests fail (usually ${(baseErrorRate * 100).toFixed(1)}%)`,
        labels,
      });
    }
    return out;
  }

  /** First window minute that completes FOR_MINUTES consecutive breaches; `at` is when the rule fires. */
  private firstBreach(from: number, breached: (minute: number) => boolean): { minute: number; at: number } | null {
    let run = 0;
    for (let i = from; i < this.timeline.minutes; i++) {
      run = breached(i) ? run + 1 : 0;
      if (run >= FOR_MINUTES) return { minute: i, at: this.timeline.baselineStart + (i + 1) * MINUTE_MS };
    }
    return null;
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

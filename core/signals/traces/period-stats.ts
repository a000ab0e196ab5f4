import { QuantileSketch } from '../stats/quantile.js';

export interface PeriodSpanStats {
  calls: number;
  errors: number;
  /** errors / calls; 0 when there were no calls. */
  errorRate: number;
  /** Nearest-rank percentiles of span durations; null when there were no calls. */
  p50Ms: number | null;
  p95Ms: number | null;
  /** Median of (parent duration − child duration) over cross-entity calls; null without any. */
  gapP50Ms: number | null;
  /**
   * 95th percentile of the gaps under client spans (null without any): a delay that hits some
   * calls (a queue, retransmits) shows here first. Under a server span the tail would be the
   * caller's own slowest work, so it is not kept.
   */
  gapP95Ms: number | null;
}

/**
 * The latency and gap sketches' settings: exact up to 256 calls, then ±1 % (thousands of edges
 * and entities stay small in memory). ClickHouse reproduces them (clickhouse/derive/traces.ts).
 */
export const LATENCY_SKETCH = { exactLimit: 256, relativeAccuracy: 0.01 } as const;

/** Calls, errors and a bounded latency sketch for one period. */
export class PeriodAccumulator {
  private calls = 0;
  private errors = 0;
  private readonly latencies = new QuantileSketch(LATENCY_SKETCH);
  private readonly gaps = new QuantileSketch(LATENCY_SKETCH);
  private readonly clientGaps = new QuantileSketch(LATENCY_SKETCH);

  add(durationMs: number, isError: boolean): void {
    this.calls += 1;
    if (isError) this.errors += 1;
    this.latencies.add(durationMs);
  }

  /** `fromClient`: the parent is a client span, so the gap is the link alone and its tail is kept too. */
  addGap(gapMs: number, fromClient: boolean): void {
    this.gaps.add(gapMs);
    if (fromClient) this.clientGaps.add(gapMs);
  }

  stats(): PeriodSpanStats {
    const hasLatency = this.latencies.count > 0;
    return {
      calls: this.calls,
      errors: this.errors,
      errorRate: this.calls > 0 ? this.errors / this.calls : 0,
      p50Ms: hasLatency ? this.latencies.quantile(0.5) : null,
      p95Ms: hasLatency ? this.latencies.quantile(0.95) : null,
      gapP50Ms: this.gaps.count > 0 ? this.gaps.quantile(0.5) : null,
      gapP95Ms: this.clientGaps.count > 0 ? this.clientGaps.quantile(0.95) : null,
    };
  }
}

/** A window and a baseline accumulator side by side. */
export class PeriodPair {
  readonly window = new PeriodAccumulator();
  readonly baseline = new PeriodAccumulator();
}

/** window p95 / baseline p95, null when either is missing or the baseline is zero. */
export function latencyRatio(window: PeriodSpanStats, baseline: PeriodSpanStats): number | null {
  if (window.p95Ms === null || baseline.p95Ms === null || baseline.p95Ms <= 0) return null;
  return window.p95Ms / baseline.p95Ms;
}

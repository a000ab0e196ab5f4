import { describe, expect, it } from 'vitest';
import { counterRates, histogramQuantiles, metricFileEntity } from './metrics.js';

const at = (s: number, value: number): { time: number; value: number } => ({ time: s * 1000, value });

describe('metric conversion', () => {
  it('turns cumulative counters into per-second rates and survives a reset', () => {
    expect(counterRates([at(0, 10), at(60, 70), at(120, 5)])).toEqual([at(60, 1), { time: 120_000, value: 5 / 60 }]);
  });

  it('computes p95 per interval from cumulative buckets, interpolating inside the bucket', () => {
    const buckets = new Map([
      [0.1, [at(0, 0), at(60, 50)]],
      [0.5, [at(0, 0), at(60, 90)]],
      [1, [at(0, 0), at(60, 100)]],
      [Infinity, [at(0, 0), at(60, 100)]],
    ]);
    // rank 95 falls in (0.5, 1] holding 10 requests, 5 of them needed: 0.5 + 0.5 * 5/10.
    expect(histogramQuantiles(buckets, 0.95)).toEqual([at(60, 0.75)]);
  });

  it('reports the highest finite bound when the quantile lies in +Inf, and nothing for idle intervals', () => {
    const buckets = new Map([
      [0.1, [at(0, 0), at(60, 1), at(120, 1)]],
      [Infinity, [at(0, 0), at(60, 100), at(120, 100)]],
    ]);
    expect(histogramQuantiles(buckets, 0.95)).toEqual([at(60, 0.1)]);
  });

  it('names the entity from the file name', () => {
    expect(metricFileEntity('/x/pod_checkout-7c9f6d8b4-x2x9q_raw.tsv', 'otel-demo')).toBe('otel-demo/Pod/checkout-7c9f6d8b4-x2x9q');
    expect(metricFileEntity('service_frontend_raw.tsv', 'otel-demo')).toBe('otel-demo/Service/frontend');
    expect(metricFileEntity('notes.txt', 'otel-demo')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { SignalInputError } from '../errors.js';
import { BoundedSeries } from './bounded-series.js';
import { MetricSeriesCollector } from './collector.js';

const MIN = 60_000;
const window = { start: 60 * MIN, end: 70 * MIN };

function fill(c: MetricSeriesCollector, entity: string, metric: string, from: number, to: number, value: (minute: number) => number) {
  for (let m = from; m < to; m++) c.add(entity, metric, m * MIN, value(m));
}

describe('MetricSeriesCollector', () => {
  it('uses the pre-window as baseline when none is given and ranks anomalies first', () => {
    const c = new MetricSeriesCollector({ window });
    fill(c, 'shop/Pod/cart', 'cpu', 0, 70, (m) => (m >= 63 ? 5 : 1 + (m % 3) * 0.01));
    fill(c, 'shop/Pod/web', 'cpu', 0, 70, (m) => 2 + (m % 2) * 0.01);
    fill(c, 'shop/Pod/web', 'cpu', 70, 80, () => 1000); // after the window: ignored
    const [first, second] = c.anomalies();
    expect(first).toMatchObject({ entity: 'shop/Pod/cart', metric: 'cpu', isAnomalous: true, windowPoints: 10, baselinePoints: 60 });
    expect(first?.time).toBe(63 * MIN);
    expect(second).toMatchObject({ entity: 'shop/Pod/web', isAnomalous: false });
  });

  it('uses only the declared baseline period when there is one', () => {
    const c = new MetricSeriesCollector({ window, baseline: { start: 0, end: 10 * MIN } });
    fill(c, 'e/Pod/a', 'mem', 0, 10, () => 100);
    fill(c, 'e/Pod/a', 'mem', 10, 60, () => 500); // between baseline and window: ignored
    fill(c, 'e/Pod/a', 'mem', 60, 70, () => 500);
    const [r] = c.anomalies();
    expect(r?.baselinePoints).toBe(10);
    expect(r?.detail.baselineMedian).toBe(100);
  });

  it('accepts per-metric options and skips series without both sides', () => {
    const c = new MetricSeriesCollector({ window });
    fill(c, 'e/Pod/a', 'error_ratio', 0, 70, (m) => (m >= 60 ? 0.002 : 0));
    c.add('e/Pod/b', 'only_window', 61 * MIN, 1);
    c.add('e/Pod/b', 'nan', 1 * MIN, Number.NaN);
    c.add('e/Pod/b', 'nan', 61 * MIN, 1);
    expect(c.anomalies()).toHaveLength(1);
    expect(c.anomalies((metric) => (metric === 'error_ratio' ? { absoluteFloor: 0.01 } : {}))[0]?.isAnomalous).toBe(false);
    expect(c.anomalies()[0]?.isAnomalous).toBe(true);
  });

  it('rejects inverted periods', () => {
    expect(() => new MetricSeriesCollector({ window: { start: 5, end: 5 } })).toThrow(SignalInputError);
    expect(() => new MetricSeriesCollector({ window, baseline: { start: 10, end: Number.NaN } })).toThrow(SignalInputError);
  });

  it('is deterministic for the same input order', () => {
    const build = () => {
      const c = new MetricSeriesCollector({ window });
      for (const e of ['b', 'a', 'c']) fill(c, `n/Pod/${e}`, 'cpu', 0, 70, (m) => (m % 7) + (e === 'c' && m > 60 ? 50 : 0));
      return c.anomalies();
    };
    expect(build()).toEqual(build());
  });
});

describe('BoundedSeries', () => {
  it('never exceeds its cap and keeps a uniform subsample', () => {
    const s = new BoundedSeries(8);
    for (let i = 0; i < 1000; i++) s.push(i, i);
    expect(s.length).toBeLessThan(8);
    const gaps = s.values.slice(1).map((v, i) => v - (s.values[i] ?? 0));
    expect(new Set(gaps).size).toBe(1);
    expect(s.values[0]).toBe(0);
    expect(s.times).toEqual(s.values);
  });
});

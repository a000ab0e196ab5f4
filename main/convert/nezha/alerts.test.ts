import { describe, expect, it } from 'vitest';
import { robustThreshold, synthesiseSliAlerts } from './alerts.js';
import type { MetricRow } from './metrics.js';
import { synthesiseTraceAlerts, traceSli } from './trace-sli.js';

const row = (minute: number, p95: number, success = 0): MetricRow => ({
  time: minute * 60_000,
  samples: [
    { name: 'SuccessRate', unit: '%', value: success },
    { name: 'LatencyP95', unit: 's', value: p95 },
    { name: 'LatencyP99', unit: 's', value: p95 * 1.2 },
  ],
});

describe('entry SLI alerts', () => {
  it('uses the median plus the larger of 3 robust sigmas and the minimum margin', () => {
    const half = (m: number): number => 0.5 * m;
    expect(robustThreshold([1, 1, 1, 1], 'up', half)).toEqual({ median: 1, sigma: 0, limit: 1.5 });
    expect(robustThreshold([1, 2, 3, 4, 100], 'up', half)?.limit).toBeCloseTo(3 + 3 * 1.4826);
    expect(robustThreshold([100, 99, 100], 'down', () => 5)?.limit).toBe(95);
    expect(robustThreshold([1], 'up', half)).toBeNull();
  });

  it('alerts on latency above the baseline, never on a success rate that is flat zero', () => {
    const rows = [row(0, 0.5), row(1, 0.45), row(2, 0.55), row(3, 0.5), row(10, 0.6), row(11, 2.5)];
    const alerts = synthesiseSliAlerts({
      rows,
      isBaseline: (t) => t < 5 * 60_000,
      isWindow: (t) => t > 5 * 60_000,
      entity: 'ns/Service/gw',
    });
    expect(alerts.map((a) => [a.name, a.severity, a.startsAt])).toEqual([
      ['EntryLatencyP95High', 'critical', new Date(11 * 60_000).toISOString()],
      ['EntryLatencyP99High', 'critical', new Date(11 * 60_000).toISOString()],
    ]);
    expect(alerts[0]?.summary).toBe('Entry service p95 latency 2.5 above the baseline (median 0.5, threshold 0.75)');
  });

  it('alerts on a success-rate drop when the series is reported', () => {
    const rows = [row(0, 0.5, 100), row(1, 0.5, 99), row(2, 0.5, 100), row(10, 0.5, 60)];
    const alerts = synthesiseSliAlerts({
      rows,
      isBaseline: (t) => t < 5 * 60_000,
      isWindow: (t) => t > 5 * 60_000,
      entity: 'ns/Service/gw',
    });
    expect(alerts.map((a) => a.name)).toEqual(['EntrySuccessRateLow']);
  });

  it('stays quiet when the window looks like the baseline', () => {
    const rows = [row(0, 0.5), row(1, 0.6), row(2, 0.4), row(10, 0.65)];
    expect(
      synthesiseSliAlerts({ rows, isBaseline: (t) => t < 5 * 60_000, isWindow: (t) => t > 5 * 60_000, entity: 'ns/Service/gw' }),
    ).toEqual([]);
  });
});

describe('entry trace alerts', () => {
  const span = (trace: string, ms: number, status: 'unset' | 'error' = 'unset', root = true): Parameters<typeof traceSli>[0][number] => ({
    traceId: trace,
    spanId: `${trace}-${root ? 'r' : 'c'}`,
    ...(root ? {} : { parentSpanId: `${trace}-r` }),
    entity: 'ns/Pod/gw-1-a',
    name: 'GET',
    start: 0,
    durationMs: ms,
    status,
  });
  const isRoot = (s: { parentSpanId?: string }): boolean => s.parentSpanId === undefined;

  it('counts a trace as failed when any of its spans is an error', () => {
    const sli = traceSli([span('a', 10), span('a', 5, 'error', false), span('b', 20), span('c', 30), span('d', 40)], isRoot);
    expect(sli).toEqual({ traces: 4, errorRatio: 0.25, p95Ms: 40 });
  });

  it('raises error-ratio and latency alerts against the baseline', () => {
    const baseline = { traces: 400, errorRatio: 0.01, p95Ms: 100 };
    expect(
      synthesiseTraceAlerts({ traces: 400, errorRatio: 0.2, p95Ms: 400 }, baseline, 'ns/Service/gw', 0).map((a) => [a.name, a.severity]),
    ).toEqual([
      ['EntryTraceErrorRatioHigh', 'critical'],
      ['EntryTraceLatencyP95High', 'critical'],
    ]);
    expect(synthesiseTraceAlerts({ traces: 400, errorRatio: 0.02, p95Ms: 120 }, baseline, 'ns/Service/gw', 0)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { EvidenceStore } from '../../store/index.js';
import type { WindowInfo } from '../../store/window.js';
import { chartRange } from './range.js';

const window = { start: 10_000_000, end: 13_600_000 };
const storeWith = (info: Partial<WindowInfo>): EvidenceStore =>
  ({ windowInfo: () => ({ window, source: 'manifest', incidentTime: 11_000_000, baseline: null, ...info }) }) as unknown as EvidenceStore;

describe('the metric charts’ baseline band', () => {
  it('comes from the period the metric signals compare against: the metrics’ own baseline, and the chart reaches it', () => {
    const metricBaseline = { start: 2_000_000, end: 2_599_999 };
    const range = chartRange(storeWith({ baseline: { start: 5_000_000, end: 5_599_999 }, metricBaseline }), 600);
    expect(range.metricBand).toEqual({ from: 2_000_000, until: 2_600_000 });
    expect(range.start).toBe(2_000_000);
  });

  it('else the snapshot’s baseline alone', () => {
    const range = chartRange(storeWith({ baseline: { start: 5_000_000, end: 5_599_999 } }), 600);
    expect(range.metricBand).toEqual({ from: 5_000_000, until: 5_600_000 });
    expect(range.start).toBe(5_000_000);
  });

  it('else everything before the incident time, as the other charts', () => {
    const range = chartRange(storeWith({}), 600);
    expect(range.metricBand).toEqual({ from: Number.NEGATIVE_INFINITY, until: 11_000_000 });
    expect(range.baselineUntil).toBe(11_000_000);
  });
});

import { describe, expect, it } from 'vitest';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import { ALERT_LEAD_MS, deriveWindow } from './window.js';

const MIN = 60_000;
const T = Date.UTC(2026, 2, 1, 10, 0);
const manifest = (extra: Partial<SnapshotManifest> = {}): SnapshotManifest => ({ format: 'eog-snapshot', version: 1, name: 'w', ...extra });

describe('deriveWindow', () => {
  it('uses the manifest window and baseline when given', () => {
    const info = deriveWindow(
      manifest({ window: { start: T, end: T + 10 * MIN }, baseline: { start: '2026-03-01T09:00:00Z', end: T - 30 * MIN } }),
      [],
      null,
    );
    expect(info).toEqual({
      window: { start: T, end: T + 10 * MIN },
      baseline: { start: T - 60 * MIN, end: T - 30 * MIN },
      source: 'manifest',
      incidentTime: null,
    });
  });

  it('derives from alerts, ignoring Watchdog, with a lead before the first and open alerts running to the data end', () => {
    const alerts = [
      { name: 'Watchdog', start: T - 120 * MIN, end: null },
      { name: 'HighLatency', start: T, end: T + 5 * MIN },
      { name: 'HighErrorRate', start: T + 2 * MIN, end: null },
    ];
    const info = deriveWindow(manifest(), alerts, { start: T - 180 * MIN, end: T + 20 * MIN });
    expect(info.source).toBe('alerts');
    expect(info.window).toEqual({ start: T - ALERT_LEAD_MS, end: T + 20 * MIN });
  });

  it('falls back to incidentTime ± 15 min, then to the data extent', () => {
    expect(deriveWindow(manifest({ incidentTime: T }), [], null).window).toEqual({ start: T - 15 * MIN, end: T + 15 * MIN });
    const extent = { start: T, end: T + MIN };
    expect(deriveWindow(manifest(), [], extent)).toMatchObject({ window: extent, source: 'extent' });
  });

  it('refuses a window whose end is before its start', () => {
    expect(() => deriveWindow(manifest({ window: { start: T, end: T - 1 } }), [], null)).toThrow(
      'snapshot.json: field "window": end is before start',
    );
  });
});

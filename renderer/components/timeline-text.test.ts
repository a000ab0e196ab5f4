import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { describeEvent } from './timeline-text.js';

describe('timeline text for the causal graph steering the walk (docs/causal-graph.md §7)', () => {
  it('shows a reminder and an early stop, and hides the controller’s own activations', () => {
    const activated = { seq: 3, type: 'Activated', node: 'shop/Service/db', by: 'shop/Service/api', note: 'orphan alert alert:2' } as const;
    expect(describeEvent({ ...activated, reason: 'reminder' })).toBe('Reminder: visit Service/db (orphan alert alert:2)');
    expect(describeEvent({ ...activated, reason: 'claim' })).toBeNull();
    expect(describeEvent({ seq: 9, type: 'RunStopped', reason: 'causal_explained', detail: 'one root' })).toBe(
      'Stopped early: causal explained (one root)',
    );
  });
});

describe('times in the timeline (docs/ui.md)', () => {
  const started = {
    seq: 0,
    type: 'InvestigationStarted',
    snapshotHash: 'h',
    policy: { name: 'heuristic', model: null },
    bootstrap: {
      window: { start: Date.parse('2026-03-01T13:00:00Z'), end: Date.parse('2026-03-01T13:30:00Z') },
      incidentTime: Date.parse('2026-03-01T13:04:00Z'),
      alerts: [],
      ignoredAlerts: [],
    },
  } as const;

  it('writes the window and the incident in 24-hour UTC with the zone by default', () => {
    const text = describeEvent({ ...started, settings: {} } as unknown as LedgerEvent);
    expect(text).toBe('Investigation started · window 2026-03-01 13:00:00–13:30:00 UTC · incident 2026-03-01 13:04:00 UTC');
  });
});

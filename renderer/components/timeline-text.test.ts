import { describe, expect, it } from 'vitest';
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

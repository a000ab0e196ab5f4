import { describe, expect, it } from 'vitest';
import { keptNotice, startConfirmation } from './kept-investigation.js';

describe('what the start form says of the analyst’s investigation', () => {
  it('says nothing, and asks nothing, when no investigation is open', () => {
    expect(keptNotice(null)).toBeNull();
    expect(startConfirmation(null)).toBeNull();
  });

  it('tells that an idle investigation is set aside and comes back, without asking', () => {
    expect(keptNotice({ evaluations: 1, isRunning: false })).toMatch(/^Your investigation \(1 evaluation\) is set aside .* comes back/);
    expect(keptNotice({ evaluations: 7, isRunning: false })).toContain('(7 evaluations)');
    expect(startConfirmation({ evaluations: 7, isRunning: false })).toBeNull();
  });

  it('asks first when a run is in flight: the lesson pauses it', () => {
    expect(startConfirmation({ evaluations: 3, isRunning: true })).toMatch(/running.*pauses it/);
  });
});

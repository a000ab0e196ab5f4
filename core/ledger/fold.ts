import { applyEvent } from './apply.js';
import type { LedgerEvent } from './events.js';
import { createState } from './state.js';
import type { InvestigationState } from './state.js';

/** state = fold(events): a pure function of the ledger; the returned state is the caller's. */
export function fold(events: readonly LedgerEvent[]): InvestigationState {
  const state = createState();
  for (const event of events) applyEvent(state, event);
  return state;
}

/** The state right after event `seq` (inclusive), so the UI can step back through a run. */
export function foldUpTo(events: readonly LedgerEvent[], seq: number): InvestigationState {
  const state = createState();
  for (const event of events) {
    if (event.seq > seq) break;
    applyEvent(state, event);
  }
  return state;
}

import { applyEvent } from '../ledger/index.js';
import type { InvestigationState, LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
import type { CallMetric, StoredPacket } from './types.js';

/**
 * The events of one controller tick. Each event is applied to the live state as it is
 * emitted, so later decisions in the tick see earlier ones, exactly as a replay would.
 */
export class Tick {
  readonly events: LedgerEvent[] = [];
  readonly packets: StoredPacket[] = [];
  readonly metrics: CallMetric[] = [];

  constructor(readonly state: InvestigationState) {}

  /** Appends an event, applies it and returns its sequence number. */
  emit(event: NewLedgerEvent): number {
    const seq = this.state.seq + 1;
    // The spread re-attaches `seq` to the same variant it was removed from.
    const full = { ...event, seq } as LedgerEvent;
    applyEvent(this.state, full);
    this.events.push(full);
    return seq;
  }
}

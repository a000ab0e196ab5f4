import { canonicalJson } from './canonical.js';
import type { LedgerEvent } from './events.js';

/** One canonical JSON line per event: the byte form two ledgers are compared in. */
export function serialiseLedger(events: readonly LedgerEvent[]): string {
  return events.map((event) => canonicalJson(event)).join('\n');
}

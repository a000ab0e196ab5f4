import type { LedgerEvent } from '../../core/ledger/index.js';
import { describeRules, type RuleDescription } from '../../core/policy/heuristic/index.js';

/**
 * The rules that fired for the belief set at ledger position `seq`, described for people;
 * empty for an analyst's or an LLM's belief, or a position the renderer has not loaded yet.
 */
export function firedRulesAt(ledger: readonly LedgerEvent[], seq: number): RuleDescription[] {
  // Sequence numbers count from 0 without gaps, so the event is usually at its own index.
  const guess = ledger[seq];
  const event = guess?.seq === seq ? guess : ledger.find((e) => e.seq === seq);
  return event?.type === 'BeliefSet' ? describeRules(event.rules ?? []) : [];
}

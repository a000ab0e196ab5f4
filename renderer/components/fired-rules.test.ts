import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { firedRulesAt } from './fired-rules.js';

const belief = { label: 'Origin' as const, evidence: [], summary: 's', confidence: 0.8 };
const ledger: LedgerEvent[] = [
  { seq: 0, type: 'Paused' },
  { seq: 1, type: 'BeliefSet', node: 'n', belief, previous: null, source: 'policy', reasoning: [], rules: ['change', '<b>forged</b>'] },
  { seq: 2, type: 'BeliefSet', node: 'n', belief, previous: belief, source: 'analyst', reasoning: ['analyst override: x'] },
];

describe('firedRulesAt', () => {
  it('describes the rules recorded with a belief, keeping ids this version does not know', () => {
    expect(firedRulesAt(ledger, 1)).toEqual([
      { id: 'change', role: 'cause', explanation: expect.stringMatching(/changed/) },
      { id: '<b>forged</b>', role: null, explanation: expect.stringMatching(/not a rule/) },
    ]);
  });

  it('is empty for a belief without rules, another event, or a position not loaded', () => {
    expect(firedRulesAt(ledger, 2)).toEqual([]);
    expect(firedRulesAt(ledger, 0)).toEqual([]);
    expect(firedRulesAt(ledger, 9)).toEqual([]);
    expect(firedRulesAt(ledger.slice(1), 1)).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { thresholds } from '../thresholds.js';
import { isRuleId, ruleById, ruleTable } from './table.js';
import { describeRules } from './describe.js';

describe('the rule table', () => {
  it('has one rule per id, each with its predicate, strength and explanation stated', () => {
    const ids = ruleTable.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of ruleTable) {
      expect(ruleById(rule.id)).toBe(rule);
      expect(rule.when.length, rule.id).toBeGreaterThan(20);
      expect(rule.strength.length, rule.id).toBeGreaterThan(0);
      expect(rule.explanation.length, rule.id).toBeGreaterThan(20);
    }
    expect(isRuleId('change')).toBe(true);
    expect(isRuleId('toString')).toBe(false);
  });

  it('states the thresholds it uses from thresholds.ts, not numbers of its own', () => {
    const rule = ruleById('served_errors');
    expect(rule?.when).toContain(`+${thresholds.errorRateDelta * 100} points`);
    expect(ruleById('network_delay')?.when).toContain(`≥${thresholds.gapRatio}×`);
  });

  it('describes fired ids for people, keeping ids it does not know', () => {
    expect(describeRules(['code_path', 'no_such_rule'])).toEqual([
      { id: 'code_path', role: 'cause', explanation: expect.stringMatching(/code path stopped running/) },
      { id: 'no_such_rule', role: null, explanation: expect.stringMatching(/not a rule/) },
    ]);
  });
});

import type { RuleRole } from './rule.js';
import { ruleById } from './table.js';

/** A fired rule as people read it: its id, its role and what it means. */
export interface RuleDescription {
  id: string;
  /** Null for an id this version's table does not know (a ledger written by another version). */
  role: RuleRole | null;
  explanation: string;
}

/** Describes rule ids from a ledger or a diagnosis; unknown ids are kept, marked as unknown. */
export function describeRules(ids: readonly string[]): RuleDescription[] {
  return ids.map((id) => {
    const rule = ruleById(id);
    return rule
      ? { id, role: rule.role, explanation: rule.explanation }
      : { id, role: null, explanation: 'not a rule of this version’s heuristic' };
  });
}

import type { ContextPacket } from '../../model/packet.js';
import { buildRuleContext, ruleTable, type Finding, type Match, type Rule } from './rules/index.js';

export type { Finding } from './rules/index.js';

/** Options of the heuristic; none is the heuristic as documented (docs/heuristic.md). */
export interface HeuristicOptions {
  /**
   * Rule ids left out of the table, for ablations (`npm run bench:accuracy -- --ablation`):
   * a left-out rule never matches, as if it were not in the table.
   */
  disabledRules?: readonly string[];
}

/**
 * Walks the rule table over the packet: every match of every rule, in table order and, within
 * a rule, in evidence order. Deterministic.
 */
export function collectFindings(packet: ContextPacket, options: HeuristicOptions = {}): Finding[] {
  const ctx = buildRuleContext(packet);
  const disabled = options.disabledRules ?? [];
  // Without disabled rules this is the whole table, so the default run is the documented one.
  const rules = disabled.length === 0 ? ruleTable : ruleTable.filter((r) => !disabled.includes(r.id));
  return rules.flatMap((rule) => rule.match(ctx).flatMap((m) => toFinding(rule, m)));
}

function toFinding(rule: Rule, m: Match): Finding[] {
  switch (rule.role) {
    case 'cause':
      return [{ ...m, role: 'cause', rule }];
    case 'symptom':
      return [{ ...m, role: 'symptom', rule }];
    case 'explainer':
      // An explainer names the neighbour it blames; a match without one has nobody to point at.
      return m.neighbour === undefined ? [] : [{ ...m, role: 'explainer', rule, neighbour: m.neighbour }];
  }
}

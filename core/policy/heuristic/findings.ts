import type { ContextPacket } from '../../model/packet.js';
import { buildRuleContext, ruleTable, type Finding, type Match, type Rule } from './rules/index.js';

export type { Finding } from './rules/index.js';

/**
 * Walks the rule table over the packet: every match of every rule, in table order and, within
 * a rule, in evidence order. Deterministic.
 */
export function collectFindings(packet: ContextPacket): Finding[] {
  const ctx = buildRuleContext(packet);
  return ruleTable.flatMap((rule) => rule.match(ctx).flatMap((m) => toFinding(rule, m)));
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

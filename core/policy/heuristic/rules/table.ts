import { alertRule } from './alerts.js';
import { failingCalleeRule, slowCalleeRule, statusNamesCalleeRule } from './callees.js';
import { changeRule } from './changes.js';
import { delayingCallerRule, networkDelayRule } from './delay.js';
import { namedDependencyRule } from './dependencies.js';
import { failureEventRule } from './events.js';
import { codePathRule, newErrorLogsRule } from './logs.js';
import { metricRule, saturationRule } from './metrics.js';
import type { Rule, RuleId } from './rule.js';
import { fewerCallsRule, ownErrorsRule, ownLatencyRule, servedErrorsRule, servedLatencyRule } from './served.js';
import { trafficSourceRule, upstreamSurgeRule } from './traffic.js';

/**
 * The heuristic's rules, in the order they are evaluated and reported (reasoning lines and the
 * ledger's rule ids follow this order, so it is part of the ledger's byte form).
 */
export const ruleTable: readonly Rule[] = [
  alertRule,
  changeRule,
  failureEventRule,
  saturationRule,
  metricRule,
  newErrorLogsRule,
  codePathRule,
  fewerCallsRule,
  namedDependencyRule,
  servedLatencyRule,
  servedErrorsRule,
  failingCalleeRule,
  statusNamesCalleeRule,
  slowCalleeRule,
  upstreamSurgeRule,
  ownErrorsRule,
  ownLatencyRule,
  delayingCallerRule,
  networkDelayRule,
  trafficSourceRule,
];

const byId = new Map<string, Rule>(ruleTable.map((r) => [r.id, r]));

/** The rule with this id; null for an id the table does not know (a ledger from another version). */
export function ruleById(id: string): Rule | null {
  return byId.get(id) ?? null;
}

export function isRuleId(id: string): id is RuleId {
  return byId.has(id);
}

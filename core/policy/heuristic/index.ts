export { decideHeuristic, evaluateHeuristic, type HeuristicVerdict } from './decide.js';
export { discriminatingEvidence } from './standing.js';
export { collectFindings, type Finding, type HeuristicOptions } from './findings.js';
export { thresholds, verdictConfidence } from './thresholds.js';
export {
  ruleTable,
  ruleById,
  isRuleId,
  describeRules,
  type RuleDescription,
  type Rule,
  type RuleId,
  type RuleRole,
  type RuleFamily,
} from './rules/index.js';
export { createHeuristicPolicy, UnknownRuleError } from './policy.js';

export { ruleTable, ruleById, isRuleId } from './table.js';
export { describeRules, type RuleDescription } from './describe.js';
export { buildRuleContext, type RuleContext, type EdgeView } from './context.js';
export { surgeRatio, trafficByNeighbour } from './edge-facts.js';
export type {
  CauseRule,
  CauseRuleId,
  ExplainedBy,
  ExplainerRule,
  ExplainerRuleId,
  Explains,
  Finding,
  Match,
  Rule,
  RuleFamily,
  RuleId,
  RuleRole,
  SymptomRule,
  SymptomRuleId,
} from './rule.js';
export { degradedTargets } from './changes.js';

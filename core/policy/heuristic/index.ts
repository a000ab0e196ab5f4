export { evaluateHeuristic } from './decide.js';
export { collectFindings, type Finding } from './findings.js';
export { thresholds, metricFamily } from './thresholds.js';
export { createHeuristicPolicy } from './policy.js';

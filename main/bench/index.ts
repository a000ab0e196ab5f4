export { captureWarnings } from './capture-warnings.js';
export { collectCases, NoCasesError, type BenchCases } from './cases.js';
export { runBench, type BenchOptions, type BenchRow, type BenchSummary } from './run-bench.js';
export { formatSummary, formatTable, printable } from './format.js';
export { expectedServices, loadGroundTruth, rankedServices, scoreCase, type CaseScore } from './score-case.js';

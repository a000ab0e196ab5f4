export * from './build.js';
export * from './schema.js';
export * from './hypotheses.js';
export * from './model-run.js';
export * from './code.js';
export * from './causal-graph.js';
export * from './red-herrings.js';
export * from './votes.js';

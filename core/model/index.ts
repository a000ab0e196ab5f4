export * from './ids.js';
export * from './evidence.js';
export * from './belief.js';
export * from './topology.js';
export * from './packet.js';
export * from './hypothesis-proposal.js';
export * from './causal-proposal.js';
export * from './packet-scope.js';

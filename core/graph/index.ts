export * from './names.js';
export * from './aliases.js';
export * from './operational-graph.js';
export * from './change-reach.js';
export * from './entry.js';

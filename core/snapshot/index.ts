export * from './schema.js';
export * from './capture-times.js';

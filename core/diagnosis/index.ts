export * from './build.js';
export * from './schema.js';

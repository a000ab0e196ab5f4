export * from './bootstrap.js';
export * from './golden.js';

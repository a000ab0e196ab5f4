export * from './build-packet.js';
export * from './tokens.js';

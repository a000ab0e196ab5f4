export * from './build-packet.js';
export * from './tokens.js';
export * from './suspicious.js';

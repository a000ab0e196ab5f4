export { startWebHost, type WebHost, type WebHostOptions } from './host.js';
export { buildCsp, securityHeaders, type CspOptions } from './csp.js';
export { findRendererDir, RendererNotBuiltError } from './static-files.js';

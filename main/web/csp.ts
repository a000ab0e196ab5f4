export interface CspOptions {
  /** Extra `connect-src` sources, e.g. the web host's own `ws://127.0.0.1:PORT`. */
  connectSrc?: readonly string[];
}

/**
 * The Content-Security-Policy of the UI, shared by the web host and the Electron shell.
 * Everything is bundled, so nothing remote is needed; no eval, no inline script.
 */
export function buildCsp(options: CspOptions = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(options.connectSrc ?? [])],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Response headers every page and asset gets. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=()',
    'Cache-Control': 'no-store',
  };
}

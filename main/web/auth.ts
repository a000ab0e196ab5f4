import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'eog_token';

/** A fresh per-launch secret: 32 random bytes, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison so the token cannot be guessed byte by byte from timings. */
export function isSameToken(candidate: string | null | undefined, token: string): boolean {
  if (typeof candidate !== 'string') return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export type TokenSource = 'query' | 'cookie' | null;

/** Where a valid token came from: the `?token=` query (first load) or the cookie (later). */
export function findToken(req: IncomingMessage, url: URL, token: string): TokenSource {
  if (isSameToken(url.searchParams.get('token'), token)) return 'query';
  if (isSameToken(readCookie(req.headers.cookie, TOKEN_COOKIE), token)) return 'cookie';
  return null;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Host header values accepted for a host bound to `bindHost:port` (DNS-rebinding defence). */
export function allowedHostHeaders(bindHost: string, port: number): Set<string> | null {
  if (bindHost === '0.0.0.0' || bindHost === '::') return null;
  const names = loopbackHosts.has(bindHost) ? ['127.0.0.1', 'localhost', '[::1]'] : [bindHost.includes(':') ? `[${bindHost}]` : bindHost];
  return new Set(names.map((n) => `${n}:${port}`));
}

/** host, host:port, or [v6]:port — nothing that could break out of a header it is echoed into. */
const HOST_SYNTAX = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * A wildcard bind cannot know its public names, so any well-formed Host passes there; the
 * token still guards every request.
 */
export function isAllowedHost(hostHeader: string | undefined, allowed: Set<string> | null): boolean {
  if (!hostHeader || !HOST_SYNTAX.test(hostHeader)) return false;
  return allowed === null || allowed.has(hostHeader.toLowerCase());
}

/** A WebSocket must come from a page served by this host: Origin equals our own origin. */
export function isOwnOrigin(origin: string | undefined, hostHeader: string | undefined): boolean {
  return !!origin && !!hostHeader && origin.toLowerCase() === `http://${hostHeader.toLowerCase()}`;
}

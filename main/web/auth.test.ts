import { describe, expect, it } from 'vitest';
import { allowedHostHeaders, createToken, isAllowedHost, isOwnOrigin, isSameToken, readCookie } from './auth.js';

describe('web host auth helpers', () => {
  it('creates distinct 256-bit URL-safe tokens', () => {
    const a = createToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createToken()).not.toBe(a);
  });

  it('compares tokens exactly, whatever their length', () => {
    const token = createToken();
    expect(isSameToken(token, token)).toBe(true);
    expect(isSameToken(`${token}x`, token)).toBe(false);
    expect(isSameToken(token.slice(0, -1), token)).toBe(false);
    expect(isSameToken('', token)).toBe(false);
    expect(isSameToken(null, token)).toBe(false);
  });

  it('reads one cookie among several, ignoring look-alike names', () => {
    expect(readCookie('a=1; eog_token=T; b=2', 'eog_token')).toBe('T');
    expect(readCookie('xeog_token=T', 'eog_token')).toBeNull();
    expect(readCookie(undefined, 'eog_token')).toBeNull();
  });

  it('accepts only loopback names on the bound port for a loopback host', () => {
    const allowed = allowedHostHeaders('127.0.0.1', 4000);
    expect(isAllowedHost('127.0.0.1:4000', allowed)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', allowed)).toBe(true);
    expect(isAllowedHost('127.0.0.1:4001', allowed)).toBe(false);
    expect(isAllowedHost('attacker.example:4000', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
    expect(isAllowedHost('10.0.0.5:4000', allowedHostHeaders('10.0.0.5', 4000))).toBe(true);
    expect(isAllowedHost('anything:1', allowedHostHeaders('0.0.0.0', 1))).toBe(true);
    expect(isAllowedHost("x'; script-src *:1", allowedHostHeaders('0.0.0.0', 1))).toBe(false);
    expect(isAllowedHost('[::1]:4000', allowedHostHeaders('::1', 4000))).toBe(true);
  });

  it('requires the Origin to be exactly our own', () => {
    expect(isOwnOrigin('http://127.0.0.1:4000', '127.0.0.1:4000')).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:4000.evil.com', '127.0.0.1:4000')).toBe(false);
    expect(isOwnOrigin('https://127.0.0.1:4000', '127.0.0.1:4000')).toBe(false);
    expect(isOwnOrigin('null', '127.0.0.1:4000')).toBe(false);
    expect(isOwnOrigin(undefined, '127.0.0.1:4000')).toBe(false);
  });
});

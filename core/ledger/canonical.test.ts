import { describe, expect, it } from 'vitest';
import { NonCanonicalValueError, canonicalJson } from './canonical.js';
import { sha256Hex } from './sha256.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    const a = canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' }, u: undefined });
    const b = canonicalJson({ a: { c: 'x', d: [1, { y: null, z: true }] }, b: 1 });
    expect(a).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
    expect(b).toBe(a);
  });

  it('escapes hostile strings as JSON does', () => {
    expect(canonicalJson({ '"k': 'line\n"x"' })).toBe(JSON.stringify({ '"k': 'line\n"x"' }));
  });

  it('refuses values that have no canonical JSON form', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(NonCanonicalValueError);
    expect(() => canonicalJson({ when: new Date(0) })).toThrow(/Date instance at \.when/);
    expect(() => canonicalJson({ m: new Map() })).toThrow(NonCanonicalValueError);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes multi-byte UTF-8 and multi-block input', () => {
    expect(sha256Hex('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
    expect(sha256Hex('é')).not.toBe(sha256Hex('e'));
  });
});

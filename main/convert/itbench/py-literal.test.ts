import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonLiteral, PythonLiteralError } from './py-literal.js';

describe('parsePythonLiteral', () => {
  it('parses the dicts ITBench writes with str(dict)', () => {
    expect(parsePythonLiteral(`{'service.name': 'checkout', "note": "it's", 'n': -1.5e3, 'ok': True, 'no': False, 'x': None}`)).toEqual({
      'service.name': 'checkout',
      note: "it's",
      n: -1500,
      ok: true,
      no: false,
      x: null,
    });
  });

  it('handles escapes, nesting, tuples, trailing commas and numeric keys', () => {
    expect(parsePythonLiteral(`{'a': ['x\\n\\'y\\'', (1, 2,), {'b': '\\u00e9\\x41'}], 1: 'one',}`)).toEqual({
      a: ["x\n'y'", [1, 2], { b: 'éA' }],
      '1': 'one',
    });
  });

  it('keeps a __proto__ key as data instead of changing the prototype', () => {
    const value = parsePythonLiteral(`{'__proto__': {'polluted': True}}`) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([`__import__('os').system('id')`, `{'a': 1`, `{'a' 1}`, `'unterminated`, `{'a': 1} extra`, `{[1]: 2}`, `{'a': lambda: 1}`])(
    'rejects %s without evaluating it',
    (text) => {
      expect(() => parsePythonLiteral(text)).toThrow(PythonLiteralError);
    },
  );

  it('rejects absurd nesting instead of overflowing the stack', () => {
    expect(() => parsePythonLiteral('['.repeat(10_000))).toThrow(/nested too deeply/);
  });

  it('round-trips any JSON-like string map written in Python style', () => {
    const pyRepr = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (map) => {
        const text = `{${Object.entries(map)
          .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
          .join(', ')}}`;
        expect(parsePythonLiteral(text)).toEqual(map);
      }),
    );
  });
});

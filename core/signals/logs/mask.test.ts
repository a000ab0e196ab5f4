import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskLine, maskToken, tokenizeLine, TRUNCATED } from './mask.js';

describe('maskToken', () => {
  it.each([
    ['12345', '<NUM>'],
    // Source locations name the log statement: kept so two statements of a class stay apart.
    ['c.s.ContactsServiceImpl#37', 'c.s.ContactsServiceImpl#37'],
    ['(OrderService.java:214)', '(OrderService.java:214)'],
    ['-3.5e2', '<NUM>'],
    ['250ms', '<NUM>'],
    ['(42),', '(<NUM>),'],
    ['0xdeadBEEF', '<HEX>'],
    ['0xff', '<HEX>'],
    ['12345678', '<NUM>'],
    ['4bf92f3577b34da6a3ce929d0e0e4736', '<HEX>'],
    ['123e4567-e89b-12d3-a456-426614174000', '<UUID>'],
    ['10.0.12.7:8080', '<IP>'],
    ['fe80::1ff:fe23:4567:890a', '<IP>'],
    ['2026-03-01T10:04:00.123Z', '<TS>'],
    ['10:04:00,123', '<TS>'],
    ['/api/orders/123/items/9', '/api/orders/<NUM>/items/<NUM>'],
    ['http://10.1.2.3:80/cart?id=77', 'http://<IP>/cart?id=<NUM>'],
    ['user_id=981', 'user_id=<NUM>'],
    ['"ts":1700000000.5,"msg"', '"ts":<NUM>,"msg"'],
    ['trace=123e4567-e89b-12d3-a456-426614174000', 'trace=<UUID>'],
  ])('masks %s as %s', (token, expected) => {
    expect(maskToken(token)).toBe(expected);
  });

  it.each(['connection', 'v1', 'HTTP', 'deadbeef', 'pod-7d9f8c'])('keeps %s', (token) => {
    expect(maskToken(token)).toBe(token);
  });
});

describe('tokenizeLine', () => {
  it('masks quoted values but not JSON keys', () => {
    expect(maskLine(`login failed for user="alice smith" reason='bad password'`)).toBe(`login failed for user="<STR>" reason='<STR>'`);
    expect(maskLine(`{"level":"error","code":503}`)).toBe(`{"level":"error","code":<NUM>}`);
  });

  it('caps hostile lines in length and token count', () => {
    const long = 'word '.repeat(200_000);
    const tokens = tokenizeLine(long, { maxLineLength: 1000, maxTokens: 50 });
    expect(tokens).toHaveLength(50);
    expect(tokens.at(-1)).toBe(TRUNCATED);
    const started = performance.now();
    tokenizeLine('9'.repeat(1_000_000) + '"'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never leaves half a surrogate pair when cutting', () => {
    const line = 'a'.repeat(9) + '😀😀';
    const tokens = tokenizeLine(line, { maxLineLength: 10 });
    expect(tokens).toEqual(['a'.repeat(9)]);
  });

  it('handles empty and whitespace-only lines', () => {
    expect(tokenizeLine('')).toEqual([]);
    expect(tokenizeLine(' \t\n ')).toEqual([]);
  });

  const word = fc.stringMatching(/^[a-zA-Z_]{1,8}$/);
  it('gives lines that differ only in numbers, ids and addresses the same mask', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), fc.ipV4(), fc.uuid(), (words, n1, n2, ip, uuid) => {
        const a = `${words.join(' ')} ${n1} from ${ip} req=${uuid}`;
        const b = `${words.join(' ')} ${n2} from 10.0.0.1 req=00000000-0000-4000-8000-000000000000`;
        expect(maskLine(a)).toBe(maskLine(b));
      }),
    );
  });

  it('is idempotent and deterministic on arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (line) => {
        const once = maskLine(line);
        expect(maskLine(once)).toBe(once);
        expect(maskLine(line)).toBe(once);
      }),
    );
  });
});

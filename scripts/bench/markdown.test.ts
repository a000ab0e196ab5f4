import { describe, expect, it } from 'vitest';
import { table, verdict } from './markdown.js';

describe('table', () => {
  it('writes a header rule with right alignment where asked', () => {
    expect(table(['a', 'b'], [[1, 'x']], ['l', 'r'])).toBe('| a | b |\n| --- | ---: |\n| 1 | x |');
  });
  it('escapes pipes and newlines from cell text', () => {
    expect(table(['h'], [['a|b\nc']])).toBe('| h |\n| --- |\n| a\\|b c |');
  });
});

describe('verdict', () => {
  it('treats the target bound as met for at_least and at_most but not for below', () => {
    expect(verdict(300, 'at_least', 300)).toBe('met');
    expect(verdict(20, 'at_most', 20)).toBe('met');
    expect(verdict(1024, 'below', 1024)).toMatch(/NOT met/);
  });
  it('reports a miss', () => {
    expect(verdict(299, 'at_least', 300)).toMatch(/NOT met/);
  });
});

import { describe, expect, it } from 'vitest';
import { generalise, isVariableToken, similarityOf } from './similarity.js';

describe('isVariableToken', () => {
  it.each(['<NUM>', '"<STR>"', '(<IP>),', '<NUM>:<NUM>:<NUM>', '<*>', '-', '[]'])('%s carries no information', (t) => {
    expect(isVariableToken(t)).toBe(true);
  });
  it.each(['INFO', 'cls#<NUM>', 'ts=<TS>', 'ошибка', '数据'])('%s is informative', (t) => {
    expect(isVariableToken(t)).toBe(false);
  });
});

describe('similarityOf', () => {
  const line = ['<TS>', 'INFO', 'user', '<NUM>', 'logged', 'in'];
  const informative = line.map((t) => !isVariableToken(t));

  it('counts only informative positions', () => {
    expect(similarityOf(['<TS>', 'INFO', 'user', '<NUM>', 'logged', 'out'], line, informative, 0.5)).toEqual({
      similarity: 0.75,
      params: 0,
    });
    expect(similarityOf(['<TS>', 'INFO', '<*>', '<NUM>', 'logged', 'in'], line, informative, 0.5)).toEqual({ similarity: 0.75, params: 1 });
  });

  it('gives up once the threshold is out of reach', () => {
    expect(similarityOf(['<TS>', 'WARN', 'admin', '<NUM>', 'logged', 'in'], line, informative, 0.6)).toBeNull();
  });

  it('matches variable-only lines by exact shape', () => {
    expect(similarityOf(['<NUM>', '<IP>'], ['<NUM>', '<IP>'], [false, false], 0.6)).toEqual({ similarity: 1, params: 0 });
    expect(similarityOf(['<NUM>', '<HEX>'], ['<NUM>', '<IP>'], [false, false], 0.6)).toBeNull();
  });

  it('generalises differing positions to wildcards', () => {
    const template = ['a', 'b', 'c'];
    generalise(template, ['a', 'x', 'c']);
    expect(template).toEqual(['a', '<*>', 'c']);
  });
});

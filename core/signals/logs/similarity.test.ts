import { describe, expect, it } from 'vitest';
import { generalise, isVariableToken, isWordToken, similarityOf, wordConflict } from './similarity.js';

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

describe('isWordToken', () => {
  it.each(['started', 'complete.', '[GetQuote]', 'GetCartAsync', 'ошибка', '"successfully"'])('%s is a word', (t) => {
    expect(isWordToken(t)).toBe(true);
  });
  it.each(['a', '<*>', '<HEX>', '<NUM>ms', 'user_id', '0PUK6V6EV0', 'v1', 'userId=<UUID>', 'a.b', '-'])('%s is not a word', (t) => {
    expect(isWordToken(t)).toBe(false);
  });
});

describe('wordConflict', () => {
  const words = (tokens: string[]) => tokens.map(isWordToken);
  it('tells sibling statements apart by a word, not by a value', () => {
    const started = ['Request', 'started'];
    expect(wordConflict(started, words(started), ['Request', 'complete'], words(['Request', 'complete']))).toBe(true);
    const id = ['Query', '0PUK6V6EV0'];
    expect(wordConflict(id, words(id), ['Query', '1YMWWN1N4O'], words(['Query', '1YMWWN1N4O']))).toBe(false);
    expect(wordConflict(id, words(id), ['Query', 'successfully'], words(['Query', 'successfully']))).toBe(true);
  });
  it('lets a wildcard take a word only when it has taken words before', () => {
    const template = ['Query', '<*>'];
    const line = ['Query', 'successfully'];
    expect(wordConflict(template, [true, false], line, words(line))).toBe(true);
    expect(wordConflict(template, [true, true], line, words(line))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { diagnosisDifference, type DiagnosisKey } from './same-diagnosis.js';

const key: DiagnosisKey = { frontier: ['a', 'b'], outcome: 'confident', ranking: ['a', 'b', 'c'], confidence: 0.9 };

describe('the same diagnosis', () => {
  it('holds for equal keys', () => {
    expect(diagnosisDifference(key, structuredClone(key))).toBeNull();
  });

  it.each([
    ['frontier', { frontier: ['b', 'a'] }],
    ['outcome', { outcome: 'no_confident_root_cause' }],
    ['ranking', { ranking: ['a', 'c', 'b'] }],
    ['confidence', { confidence: 0.45 }],
  ] as [keyof DiagnosisKey, Partial<DiagnosisKey>][])('fails on a different %s, naming it with both values', (field, change) => {
    const other: DiagnosisKey = { ...key, ...change };
    expect(diagnosisDifference(key, other)).toBe(`${field}: ${JSON.stringify(key[field])} vs ${JSON.stringify(other[field])}`);
  });
});

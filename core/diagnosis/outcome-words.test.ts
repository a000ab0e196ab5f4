import { describe, expect, it } from 'vitest';
import { CONFIDENT_FROM, PROBABLE_FROM } from '../controller/calibration.js';
import { outcomeWords } from './outcome-words.js';

describe('outcomeWords', () => {
  const words = (outcome: 'confident' | 'no_confident_root_cause', calibrated: number, frontier = ['a']) =>
    outcomeWords({ outcome, frontier, confidence: { effective: 0.5, calibrated } });

  it('says "Root cause found" only for the confident outcome, and what the number means', () => {
    const found = words('confident', CONFIDENT_FROM);
    expect(found.headline).toBe('Root cause found');
    expect(found.meaning).toMatch(/about 85 in 100/);
    expect(found.meaning).toContain('docs/scoring.md');
  });

  it('says "Probable" for an unconfirmed frontier in the middle range, and nothing found below it or without a frontier', () => {
    expect(words('no_confident_root_cause', PROBABLE_FROM).headline).toBe('Probable root cause (unconfirmed)');
    expect(words('no_confident_root_cause', PROBABLE_FROM - 0.01).headline).toBe('No confident root cause');
    expect(words('no_confident_root_cause', 0.9, []).headline).toBe('No confident root cause');
  });

  it('falls back to the stated confidence for a ledger written before calibration', () => {
    expect(outcomeWords({ outcome: 'confident', frontier: ['a'], confidence: { effective: 0.7 } }).confidence).toBe(0.7);
  });
});

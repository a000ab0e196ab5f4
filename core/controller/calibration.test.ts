import { describe, expect, it } from 'vitest';
import { calibrationOf } from '../scoring/index.js';
import { calibrate, fitCalibration } from './calibration.js';

const outcomes = (pairs: Array<[number, number, number]>): Array<{ stated: number; correct: boolean }> =>
  pairs.flatMap(([stated, right, wrong]) => [
    ...Array.from({ length: right }, () => ({ stated, correct: true })),
    ...Array.from({ length: wrong }, () => ({ stated, correct: false })),
  ]);

describe('fitCalibration', () => {
  it('pools neighbours until the blocks rise, smooths each share, and ends at 1', () => {
    // 0.3 is wrong more often than 0.2 is: the two pool; 0.9 stands apart.
    const blocks = fitCalibration(
      outcomes([
        [0.2, 1, 1],
        [0.3, 0, 2],
        [0.6, 6, 1],
        [0.9, 8, 0],
      ]),
    );
    expect(blocks).toEqual([
      { upTo: 0.3, calibrated: 0.333, n: 4, right: 1 },
      { upTo: 0.6, calibrated: 0.778, n: 7, right: 6 },
      { upTo: 1, calibrated: 0.9, n: 8, right: 8 },
    ]);
    expect(blocks.map((b) => b.calibrated)).toEqual([...blocks.map((b) => b.calibrated)].sort((a, b) => a - b));
  });

  it('maps a stated confidence to its block, a value between blocks to the next one up', () => {
    const blocks = fitCalibration(
      outcomes([
        [0.2, 1, 3],
        [0.8, 9, 1],
      ]),
    );
    expect(calibrate(0.1, blocks)).toBe(blocks[0]?.calibrated);
    expect(calibrate(0.5, blocks)).toBe(blocks[1]?.calibrated);
    expect(calibrate(1.5, blocks)).toBe(blocks[1]?.calibrated);
  });
});

describe('calibrationOf', () => {
  it('bins by stated confidence and weighs each bin’s gap by its size', () => {
    const c = calibrationOf([
      { confidence: 0.9, correct: true },
      { confidence: 0.9, correct: false },
      { confidence: 0.1, correct: false },
      { confidence: 1, correct: true },
    ]);
    expect(c.bins.map((b) => b.n)).toEqual([1, 0, 0, 0, 3]);
    expect(c.bins[4]).toMatchObject({ from: 0.8, to: 1, confidence: 0.933, accuracy: 0.667 });
    // (1/4)·|0 − 0.1| + (3/4)·|0.667 − 0.933|
    expect(c.ece).toBeCloseTo(0.25 * 0.1 + 0.75 * (0.9333 - 0.6667), 2);
  });
});

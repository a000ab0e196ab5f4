import { describe, expect, it } from 'vitest';
import { backoffDelay, seededRandom } from './backoff.js';

describe('backoff', () => {
  const settings = { baseMs: 100, maxMs: 1000 };

  it('grows exponentially within [ceiling/2, ceiling] and never passes the cap', () => {
    const random = seededRandom(7);
    for (let attempt = 0; attempt < 8; attempt++) {
      const ceiling = Math.min(1000, 100 * 2 ** attempt);
      const delay = backoffDelay(attempt, settings, random);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('is reproducible for a seed and differs across seeds', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      return [0, 1, 2, 3].map((a) => backoffDelay(a, settings, random));
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('waits at least as long as Retry-After asks, up to the cap', () => {
    expect(backoffDelay(0, settings, () => 0, 700)).toBe(700);
    expect(backoffDelay(0, settings, () => 0, 60_000)).toBe(1000);
  });
});

/** Small pure statistics for the benchmark scripts (medians of runs, latency percentiles). */

export class EmptySampleError extends Error {
  override name = 'EmptySampleError';
  constructor(what: string) {
    super(`cannot take the ${what} of no samples: run the benchmark at least once (--runs >= 1)`);
  }
}

function sorted(xs: readonly number[], what: string): number[] {
  if (xs.length === 0) throw new EmptySampleError(what);
  return [...xs].sort((a, b) => a - b);
}

/** The median; for an even count, the mean of the two middle values. */
export function median(xs: readonly number[]): number {
  const s = sorted(xs, 'median');
  const mid = Math.floor(s.length / 2);
  const upper = s[mid] ?? Number.NaN;
  return s.length % 2 === 1 ? upper : ((s[mid - 1] ?? Number.NaN) + upper) / 2;
}

/** Nearest-rank percentile (p in (0, 1]): the smallest sample with at least p of the samples at or below it. */
export function percentile(xs: readonly number[], p: number): number {
  if (!(p > 0 && p <= 1)) throw new RangeError(`percentile wants p in (0, 1], got ${p}`);
  const s = sorted(xs, `p${Math.round(p * 100)}`);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? Number.NaN;
}

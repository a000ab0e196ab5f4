/** Median of the finite values; NaN when there are none. Does not mutate its input. */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return medianOfSorted(sorted);
}

export function medianOfSorted(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  // Indices are in range by construction; `?? NaN` only satisfies noUncheckedIndexedAccess.
  if (n % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

/** Median absolute deviation around `center` (unscaled); NaN when there are no finite values. */
export function medianAbsoluteDeviation(values: readonly number[], center: number = median(values)): number {
  const deviations = values.filter(Number.isFinite).map((v) => Math.abs(v - center));
  return median(deviations);
}

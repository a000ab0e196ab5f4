/**
 * The 95th percentile of one histogram point, interpolated linearly inside its bucket as
 * Prometheus's histogram_quantile does; the overflow bucket answers its lower bound. Null
 * for an empty point.
 */
export function histogramP95(bounds: readonly number[], counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = 0.95 * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (seen + count >= rank && count > 0) {
      if (i >= bounds.length) return bounds[bounds.length - 1] ?? null;
      const upper = bounds[i] ?? 0;
      const lower = i === 0 ? Math.min(0, upper) : (bounds[i - 1] ?? 0);
      return lower + (upper - lower) * ((rank - seen) / count);
    }
    seen += count;
  }
  return bounds[bounds.length - 1] ?? null;
}

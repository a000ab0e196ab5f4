/** Time buckets for rates and percentiles: `count` equal slices of [start, end). */
export interface Buckets {
  start: number;
  end: number;
  count: number;
  /** Width of one bucket in ms. */
  width: number;
}

export function makeBuckets(start: number, end: number, count: number): Buckets {
  const n = Math.max(1, Math.floor(count));
  return { start, end, count: n, width: Math.max(1, (end - start) / n) };
}

/** Bucket index of `time`, or -1 outside the range. */
export function bucketOf(b: Buckets, time: number): number {
  if (time < b.start || time >= b.end) return -1;
  return Math.min(b.count - 1, Math.floor((time - b.start) / b.width));
}

/** The middle of each bucket: the x of a bucketed series. */
export function bucketCentres(b: Buckets): number[] {
  return Array.from({ length: b.count }, (_, i) => b.start + b.width * (i + 0.5));
}

/** Per-minute rate of events in each bucket. */
export function ratePerMinute(b: Buckets, times: readonly number[]): number[] {
  const counts = new Array<number>(b.count).fill(0);
  for (const t of times) {
    const i = bucketOf(b, t);
    if (i >= 0) counts[i] = (counts[i] as number) + 1;
  }
  return counts.map((c) => (c * 60_000) / b.width);
}

/** Share of failing events per bucket; null where a bucket has none. */
export function errorRate(b: Buckets, times: readonly number[], isError: readonly boolean[]): (number | null)[] {
  const total = new Array<number>(b.count).fill(0);
  const failed = new Array<number>(b.count).fill(0);
  times.forEach((t, k) => {
    const i = bucketOf(b, t);
    if (i < 0) return;
    total[i] = (total[i] as number) + 1;
    if (isError[k]) failed[i] = (failed[i] as number) + 1;
  });
  return total.map((n, i) => (n === 0 ? null : (failed[i] as number) / n));
}

/** Nearest-rank quantile of sorted values. */
function quantileSorted(sorted: readonly number[], q: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The given quantiles of the values in each bucket; null where a bucket is empty. */
export function quantilesPerBucket(
  b: Buckets,
  times: readonly number[],
  values: readonly number[],
  quantiles: readonly number[],
): (number | null)[][] {
  const groups: number[][] = Array.from({ length: b.count }, () => []);
  times.forEach((t, k) => {
    const i = bucketOf(b, t);
    if (i >= 0) (groups[i] as number[]).push(values[k] as number);
  });
  const sorted = groups.map((g) => g.sort((p, q) => p - q));
  return quantiles.map((q) => sorted.map((g) => (g.length === 0 ? null : quantileSorted(g, q))));
}

/** Scales the MAD to a normal standard deviation, as the metric anomaly signal does. */
const MAD_SCALE = 1.4826;
/** Band half-width in scaled MADs: the robust z an anomaly must pass to stand out. */
const BAND_MADS = 3;

/**
 * The baseline band of a series: median ± 3 scaled MAD of its points before `until`. Null
 * without baseline points. A flat baseline gives a band of zero width: any move leaves it.
 */
export function baselineBand(
  x: readonly number[],
  y: readonly (number | null)[],
  until: number,
  from = Number.NEGATIVE_INFINITY,
): { low: number; high: number } | null {
  const base: number[] = [];
  x.forEach((t, i) => {
    const v = y[i];
    if (t >= from && t < until && v !== null && v !== undefined && Number.isFinite(v)) base.push(v);
  });
  if (base.length === 0) return null;
  base.sort((p, q) => p - q);
  const median = quantileSorted(base, 0.5);
  const deviations = base.map((v) => Math.abs(v - median)).sort((p, q) => p - q);
  return bandAround(median, quantileSorted(deviations, 0.5));
}

/**
 * The band of a baseline whose nearest-rank median and median absolute deviation are known
 * (a store that computes both in SQL, so the band is baselineBand's to the last bit).
 */
export function bandAround(median: number, mad: number): { low: number; high: number } {
  const spread = mad * MAD_SCALE * BAND_MADS;
  return { low: median - spread, high: median + spread };
}

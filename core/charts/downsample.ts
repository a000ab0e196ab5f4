/**
 * Min/max downsampling per bucket (the M4 family): for each of `buckets` equal time slices the
 * lowest and the highest point are kept, in time order. A spike or a dip of one sample stays
 * visible at any zoom-out, which LTTB's area heuristic does not guarantee, and the cost is one
 * pass. 100k points become at most 2·buckets, so a chart draws the same few hundred points
 * whatever the capture holds.
 */
export function downsampleMinMax(x: readonly number[], y: readonly number[], buckets: number): { x: number[]; y: number[] } {
  const n = Math.min(x.length, y.length);
  if (buckets < 1 || n <= buckets * 2) return { x: x.slice(0, n), y: y.slice(0, n) };
  const start = x[0] as number;
  const span = (x[n - 1] as number) - start;
  if (!(span > 0)) return { x: [start, start], y: [Math.min(...y.slice(0, n)), Math.max(...y.slice(0, n))] };
  const outX: number[] = [];
  const outY: number[] = [];
  let i = 0;
  for (let b = 0; b < buckets && i < n; b++) {
    const end = b === buckets - 1 ? Infinity : start + (span * (b + 1)) / buckets;
    let lo = -1;
    let hi = -1;
    for (; i < n && (x[i] as number) < end; i++) {
      if (lo === -1 || (y[i] as number) < (y[lo] as number)) lo = i;
      if (hi === -1 || (y[i] as number) > (y[hi] as number)) hi = i;
    }
    if (lo === -1) continue;
    const first = Math.min(lo, hi);
    const second = Math.max(lo, hi);
    outX.push(x[first] as number);
    outY.push(y[first] as number);
    if (second !== first) {
      outX.push(x[second] as number);
      outY.push(y[second] as number);
    }
  }
  return { x: outX, y: outY };
}

import { requirePositiveInteger, SignalOptionError } from '../errors.js';

export interface QuantileSketchOptions {
  /** Values kept exactly before switching to the bucketed sketch. */
  exactLimit?: number;
  /** Relative accuracy of the bucketed sketch, e.g. 0.01 for ±1 %. */
  relativeAccuracy?: number;
}

/** γ of a logarithmic-bucket sketch of relative accuracy α: bucket k holds (γ^(k−1), γ^k]. */
export const sketchGamma = (relativeAccuracy: number): number => (1 + relativeAccuracy) / (1 - relativeAccuracy);

/** The bucket of a value at or above SKETCH_ZERO (`logGamma`: Math.log of the sketch's γ). */
export const bucketKey = (value: number, logGamma: number): number => Math.ceil(Math.log(value) / logGamma);

/** The value a bucket answers with: within α of every value in it. */
export const bucketValue = (key: number, gamma: number): number => (2 * Math.pow(gamma, key)) / (gamma + 1);

/** Values below this count as zero (sub-nanosecond latencies are indistinguishable from none). */
export const SKETCH_ZERO = 1e-9;

/**
 * Quantiles of non-negative values (latencies) in bounded memory: exact (nearest rank) up
 * to `exactLimit` values, then a logarithmic-bucket histogram whose answers are within
 * `relativeAccuracy` of the true value (the DDSketch idea). Bucket count grows with the
 * log of the value range, not with the number of values, and no randomness is involved,
 * so the same input always yields the same quantiles.
 */
export class QuantileSketch {
  private readonly exactLimit: number;
  private readonly logGamma: number;
  private readonly gamma: number;
  private exact: number[] | null = [];
  private isExactSorted = true;
  private readonly buckets = new Map<number, number>();
  private zeros = 0;
  private total = 0;

  constructor(options: QuantileSketchOptions = {}) {
    this.exactLimit = requirePositiveInteger('exactLimit', options.exactLimit ?? 1024);
    const alpha = options.relativeAccuracy ?? 0.01;
    if (!(alpha > 0 && alpha < 1)) throw new SignalOptionError('relativeAccuracy', alpha, 'a number in (0, 1)');
    this.gamma = sketchGamma(alpha);
    this.logGamma = Math.log(this.gamma);
  }

  get count(): number {
    return this.total;
  }

  /** Adds a value; negative and non-finite values are ignored (they are not latencies). */
  add(value: number): void {
    if (!Number.isFinite(value) || value < 0) return;
    this.total += 1;
    if (this.exact) {
      this.exact.push(value);
      this.isExactSorted = false;
      if (this.exact.length > this.exactLimit) this.spill();
      return;
    }
    this.addToBucket(value);
  }

  /** Nearest-rank quantile, q in [0, 1]; NaN when empty. */
  quantile(q: number): number {
    if (this.total === 0 || !(q >= 0 && q <= 1)) return Number.NaN;
    const rank = Math.max(1, Math.ceil(q * this.total));
    if (this.exact) {
      // Sorted in place once for all the quantiles asked (p50, p95…); adding unsorts it again.
      if (!this.isExactSorted) {
        this.exact.sort((a, b) => a - b);
        this.isExactSorted = true;
      }
      return this.exact[rank - 1] ?? Number.NaN;
    }
    if (rank <= this.zeros) return 0;
    let seen = this.zeros;
    const keys = [...this.buckets.keys()].sort((a, b) => a - b);
    for (const key of keys) {
      seen += this.buckets.get(key) ?? 0;
      if (seen >= rank) return bucketValue(key, this.gamma);
    }
    return Number.NaN;
  }

  private spill(): void {
    const values = this.exact ?? [];
    this.exact = null;
    for (const v of values) this.addToBucket(v);
  }

  private addToBucket(value: number): void {
    if (value < SKETCH_ZERO) {
      this.zeros += 1;
      return;
    }
    const key = bucketKey(value, this.logGamma);
    this.buckets.set(key, (this.buckets.get(key) ?? 0) + 1);
  }
}

import { logGamma } from './poisson.js';

function check(k: number, n: number, p: number): void {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0 || k < 0 || !(p >= 0 && p <= 1)) {
    throw new RangeError(`binomial tail needs integers 0 <= k, 0 <= n and 0 <= p <= 1 (got k=${k}, n=${n}, p=${p})`);
  }
}

/** −log10 of Σ P(X = i) for i in [from, to], X ~ Binomial(n, p), 0 < p < 1; summed in log space. */
function tailSurprise(from: number, to: number, n: number, p: number): number {
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  const terms: number[] = [];
  let max = Number.NEGATIVE_INFINITY;
  for (let i = from; i <= to; i++) {
    const t = logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) + i * lp + (n - i) * lq;
    terms.push(t);
    if (t > max) max = t;
  }
  const logTail = max + Math.log(terms.reduce((acc, t) => acc + Math.exp(t - max), 0));
  return Math.max(0, -Math.min(0, logTail) / Math.LN10);
}

/**
 * −log10 P(X ≥ k) for X ~ Binomial(n, p): how surprising k failures in n trials are when each
 * fails with probability p. O(n − k).
 */
export function binomialUpperTailSurprise(k: number, n: number, p: number): number {
  check(k, n, p);
  if (k <= 0) return 0;
  if (k > n || p <= 0) return Number.POSITIVE_INFINITY;
  if (p >= 1) return 0;
  return tailSurprise(k, n, n, p);
}

/**
 * −log10 P(X ≤ k) for X ~ Binomial(n, p): how surprising only k successes in n trials are when
 * each succeeds with probability p. O(k).
 */
export function binomialLowerTailSurprise(k: number, n: number, p: number): number {
  check(k, n, p);
  if (k >= n) return 0;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  if (p <= 0) return 0;
  return tailSurprise(0, k, n, p);
}

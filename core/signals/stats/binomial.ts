import { logGamma } from './poisson.js';

/**
 * −log10 P(X ≥ k) for X ~ Binomial(n, p): how surprising k failures in n trials are when each
 * fails with probability p. Summed in log space, so tiny tails still rank; O(n − k).
 */
export function binomialUpperTailSurprise(k: number, n: number, p: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0 || k < 0 || !(p >= 0 && p <= 1)) {
    throw new RangeError(`binomial tail needs integers 0 <= k, 0 <= n and 0 <= p <= 1 (got k=${k}, n=${n}, p=${p})`);
  }
  if (k <= 0) return 0;
  if (k > n) return Number.POSITIVE_INFINITY;
  if (p <= 0) return Number.POSITIVE_INFINITY;
  if (p >= 1) return 0;
  const logChoose = (i: number): number => logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let max = Number.NEGATIVE_INFINITY;
  const terms: number[] = [];
  for (let i = k; i <= n; i++) {
    const t = logChoose(i) + i * lp + (n - i) * lq;
    terms.push(t);
    if (t > max) max = t;
  }
  const logTail = max + Math.log(terms.reduce((acc, t) => acc + Math.exp(t - max), 0));
  return Math.max(0, -Math.min(0, logTail) / Math.LN10);
}

/**
 * Poisson tail probabilities in log space, so that very surprising counts (p far below
 * 1e-308) still rank correctly instead of collapsing to zero.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
] as const;

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPS = 1e-14;
const TINY = 1e-300;

function maxIterations(a: number): number {
  // Both expansions need O(sqrt(a)) terms near x ≈ a.
  return 200 + Math.ceil(50 * Math.sqrt(a));
}

/** ln P(a, x) by its power series; accurate for x < a + 1. */
function logPSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  let ap = a;
  const limit = maxIterations(a);
  for (let i = 0; i < limit; i++) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return Math.log(sum) - x + a * Math.log(x) - logGamma(a);
}

/** ln Q(a, x) by its continued fraction (modified Lentz); accurate for x >= a + 1. */
function logQFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  const limit = maxIterations(a);
  for (let i = 1; i <= limit; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.log(h) - x + a * Math.log(x) - logGamma(a);
}

function log1mExp(logValue: number): number {
  return logValue > -Math.LN2 ? Math.log(-Math.expm1(logValue)) : Math.log1p(-Math.exp(logValue));
}

/** ln of the regularised lower incomplete gamma P(a, x) and upper Q(a, x), a > 0, x >= 0. */
export function logRegularizedGamma(a: number, x: number): { logP: number; logQ: number } {
  if (x <= 0) return { logP: Number.NEGATIVE_INFINITY, logQ: 0 };
  if (x < a + 1) {
    const logP = Math.min(0, logPSeries(a, x));
    return { logP, logQ: log1mExp(logP) };
  }
  const logQ = Math.min(0, logQFraction(a, x));
  return { logP: log1mExp(logQ), logQ };
}

/** log10 P(X >= k) for X ~ Poisson(lambda). */
export function poissonUpperTailLog10(k: number, lambda: number): number {
  if (k <= 0) return 0;
  if (lambda <= 0) return Number.NEGATIVE_INFINITY;
  return logRegularizedGamma(k, lambda).logP / Math.LN10;
}

/** log10 P(X <= k) for X ~ Poisson(lambda). */
export function poissonLowerTailLog10(k: number, lambda: number): number {
  if (k < 0) return Number.NEGATIVE_INFINITY;
  if (lambda <= 0) return 0;
  return logRegularizedGamma(k + 1, lambda).logQ / Math.LN10;
}

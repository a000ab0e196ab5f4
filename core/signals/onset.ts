/**
 * When did the incident begin? An alert fires when monitoring notices, which can be long after
 * the signals it watches left their normal band (a `for:` duration, a diluted error rate that
 * crosses its threshold only now and then). Signals are measured from the onset
 * (main/store/signals/periods.ts): an onset taken from a late alert puts the incident's first
 * minutes in the baseline and leaves the window a minute or two of calls.
 *
 * The rule an SRE applies: look at the alerted entities' own requests minute by minute; if
 * their error share (or their share of slow calls) steps up clearly before the given time and
 * stays up, the incident began at that step. A single change point on a binomial rate, found by
 * likelihood ratio, accepted only when the minutes between it and the given time are
 * themselves clearly abnormal (significant, and at least twice the rate before). The onset
 * only ever moves earlier, never past the window's start.
 */

/** The buckets' width: one minute. */
export const ONSET_BUCKET_MS = 60_000;

/** One minute of the alerted entities' spans. `slow`: calls slower than the baseline's 90th percentile. */
export interface OnsetBucket {
  start: number;
  calls: number;
  errors: number;
  slow: number;
}

export type OnsetSignal = 'errors' | 'slow calls';

export interface OnsetShift {
  onset: number;
  given: number;
  signal: OnsetSignal;
  /** The signal's share of calls before the onset, and from it to the given time. */
  rateBefore: number;
  rateBetween: number;
  callsBetween: number;
}

export const onsetThresholds = {
  /** χ² with one degree of freedom at p = 0.001: the step, and the minutes before the given time, are no accident. */
  minLlr: 10.83,
  /** The minutes before the given time run at least twice the rate before the step. */
  minRatio: 2,
  /**
   * A step less than this before the given time is the alert's own `for:` delay (rules hold a
   * breach for one to five minutes before they fire): the window absorbs it.
   */
  minShiftMs: 5 * 60_000,
  /** And those minutes hold at least this many of the signal's events. */
  minEvents: 5,
  /** Without a given time, how long a step must hold, clearly abnormal, to be the onset (shorter is a blip). */
  stepHoldMs: 2 * 60_000,
} as const;

export interface StepOptions {
  /** How far before `given` the step must lie (default: onsetThresholds.minShiftMs). */
  minShiftMs?: number;
  /** How long after the step its minutes must be clearly abnormal (default: onsetThresholds.minShiftMs). */
  firstMs?: number;
}

/**
 * When nobody says when the incident began: the first clear step up of the requests' error or
 * slow-call share inside the window, by the same test (`earlierOnset` with the window's end as
 * the latest time). Its first two minutes must be clearly abnormal: a step that does not hold
 * for two minutes is a blip, not an incident's start. Null when the window shows no such step.
 * Minute buckets place it to within a minute: a change made in the step's minute reads as just
 * after the onset (docs/algorithm.md notes it).
 */
export function firstStep(
  baseline: readonly OnsetBucket[],
  window: readonly OnsetBucket[],
  earliest: number,
  latest: number,
): OnsetShift | null {
  const step = earlierOnset(baseline, window, latest, earliest, { minShiftMs: 0, firstMs: onsetThresholds.stepHoldMs });
  // The start of the first abnormal minute, not its end: with no time given, that minute is the
  // incident's clearest evidence, and measured as baseline it would hide the step it shows.
  return step === null ? null : { ...step, onset: Math.max(earliest, step.onset - ONSET_BUCKET_MS) };
}

/** Log-likelihood of k events in n trials at rate p (0·log 0 = 0). */
function logLik(k: number, n: number, p: number): number {
  const a = k > 0 ? k * Math.log(p) : 0;
  const b = n - k > 0 ? (n - k) * Math.log(1 - p) : 0;
  return a + b;
}

/** 2·log-likelihood ratio of two rates (k1/n1, k2/n2) against one. */
export function binomialLlr(k1: number, n1: number, k2: number, n2: number): number {
  if (n1 <= 0 || n2 <= 0) return 0;
  const p = (k1 + k2) / (n1 + n2);
  if (p <= 0 || p >= 1) return 0;
  return 2 * (logLik(k1, n1, k1 / n1) + logLik(k2, n2, k2 / n2) - logLik(k1 + k2, n1 + n2, p));
}

/**
 * The onset the buckets show, when it is earlier than `given`: `baseline` holds the normal
 * period's minutes (wherever it lies), `window` the investigation window's; candidates are the
 * window's minutes in [earliest, given − minShiftMs]. Null when the signals do not step up
 * clearly before the given time.
 */
export function earlierOnset(
  baseline: readonly OnsetBucket[],
  window: readonly OnsetBucket[],
  given: number,
  earliest: number,
  options: StepOptions = {},
): OnsetShift | null {
  const minShiftMs = options.minShiftMs ?? onsetThresholds.minShiftMs;
  const firstMs = options.firstMs ?? onsetThresholds.minShiftMs;
  const inWindow = [...window].sort((a, b) => a.start - b.start);
  const sorted = [...baseline, ...inWindow];
  let best: (OnsetShift & { llr: number }) | null = null;
  for (const signal of ['errors', 'slow calls'] as const) {
    const count = (b: OnsetBucket): number => (signal === 'errors' ? b.errors : b.slow);
    const total = sorted.reduce((s, b) => ({ n: s.n + b.calls, k: s.k + count(b) }), { n: 0, k: 0 });
    // The step: the split of the whole record (baseline, then the window) with the largest
    // likelihood ratio, the rate going up, among the window's minutes up to the given time.
    let step: { m: number; llr: number; before: { n: number; k: number } } | null = null;
    let before = { n: 0, k: 0 };
    for (const [i, bucket] of sorted.entries()) {
      const m = bucket.start;
      if (i >= baseline.length && m >= earliest && m <= given && before.n > 0) {
        const after = { n: total.n - before.n, k: total.k - before.k };
        const llr = binomialLlr(before.k, before.n, after.k, after.n);
        if (after.k / Math.max(after.n, 1) > before.k / before.n && (step === null || llr > step.llr)) step = { m, llr, before };
      }
      before = { n: before.n + bucket.calls, k: before.k + count(bucket) };
    }
    // Accepted when it lies well before the given time and the minutes after it are clearly
    // abnormal: all of them up to the given time, and its own first minutes (the step is where
    // the signal rose, not merely somewhere before a rise). Likelihood ratios are divided by the
    // baseline's dispersion: calls in one minute are not independent (a slow minute slows many).
    // The onset is the end of the first abnormal minute: whatever happened within it (a change,
    // a crash) comes before the onset, as temporal precedence asks of a cause.
    const onset = step === null ? 0 : step.m + ONSET_BUCKET_MS;
    if (step === null || given - onset < minShiftMs) continue;
    const phi = dispersion(baseline, count);
    const m = step.m;
    const sum = (from: number, to: number): { n: number; k: number } =>
      inWindow.filter((b) => b.start >= from && b.start < to).reduce((s, b) => ({ n: s.n + b.calls, k: s.k + count(b) }), { n: 0, k: 0 });
    const rateBefore = step.before.k / step.before.n;
    const clear = (seg: { n: number; k: number }): boolean =>
      seg.k >= onsetThresholds.minEvents &&
      seg.k / Math.max(seg.n, 1) >= onsetThresholds.minRatio * rateBefore &&
      binomialLlr(step.before.k, step.before.n, seg.k, seg.n) / phi >= onsetThresholds.minLlr;
    const between = sum(m, given);
    const holds = step.llr / phi >= onsetThresholds.minLlr && clear(between) && clear(sum(m, m + firstMs));
    if (holds && (best === null || step.llr / phi > best.llr))
      best = {
        onset,
        given,
        signal,
        rateBefore,
        rateBetween: between.k / Math.max(between.n, 1),
        callsBetween: between.n,
        llr: step.llr / phi,
      };
  }
  if (best === null) return null;
  const { llr: _llr, ...shift } = best;
  return shift;
}

/**
 * How much more the baseline's minutes vary than independent calls would (Pearson χ² per
 * degree of freedom, at least 1): a quasi-binomial scale for the likelihood ratios.
 */
export function dispersion(minutes: readonly OnsetBucket[], count: (b: OnsetBucket) => number): number {
  const used = minutes.filter((b) => b.calls > 0);
  const n = used.reduce((s, b) => s + b.calls, 0);
  const p = used.reduce((s, b) => s + count(b), 0) / Math.max(n, 1);
  if (used.length < 2 || p <= 0 || p >= 1) return 1;
  const chi2 = used.reduce((s, b) => s + (count(b) - b.calls * p) ** 2 / (b.calls * p * (1 - p)), 0);
  return Math.max(1, chi2 / (used.length - 1));
}

import { ScoringInputError } from './errors.js';

/** One diagnosis: the confidence it stated and whether its first root was right. */
export interface StatedOutcome {
  confidence: number;
  correct: boolean;
}

export interface ReliabilityBin {
  /** The bin holds confidences in [from, to); the last bin includes its `to` (1). */
  from: number;
  to: number;
  n: number;
  /** Mean stated confidence in the bin; null when empty. */
  confidence: number | null;
  /** Share of the bin's diagnoses whose first root was right; null when empty. */
  accuracy: number | null;
}

export interface Calibration {
  /** Expected calibration error: Σ (n_b / N) · |accuracy_b − confidence_b| over the non-empty bins. */
  ece: number;
  bins: ReliabilityBin[];
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Reliability bins of equal width over [0, 1] and the expected calibration error: how far the
 * stated confidence is from how often the diagnoses stating it were right. A well calibrated
 * 0.8 is right 8 times in 10.
 */
export function calibrationOf(outcomes: readonly StatedOutcome[], binCount = 5): Calibration {
  if (!Number.isInteger(binCount) || binCount < 1) throw new ScoringInputError(`binCount must be a positive integer (got ${binCount})`);
  const sums = Array.from({ length: binCount }, () => ({ n: 0, confidence: 0, correct: 0 }));
  for (const o of outcomes) {
    if (!Number.isFinite(o.confidence) || o.confidence < 0 || o.confidence > 1)
      throw new ScoringInputError(`a stated confidence must be in [0, 1] (got ${o.confidence})`);
    const sum = sums[Math.min(binCount - 1, Math.floor(o.confidence * binCount))] as { n: number; confidence: number; correct: number };
    sum.n += 1;
    sum.confidence += o.confidence;
    sum.correct += o.correct ? 1 : 0;
  }
  const total = outcomes.length;
  let ece = 0;
  const bins = sums.map((s, i) => {
    const confidence = s.n > 0 ? s.confidence / s.n : null;
    const accuracy = s.n > 0 ? s.correct / s.n : null;
    if (confidence !== null && accuracy !== null) ece += (s.n / total) * Math.abs(accuracy - confidence);
    return {
      from: round(i / binCount),
      to: round((i + 1) / binCount),
      n: s.n,
      confidence: confidence === null ? null : round(confidence),
      accuracy: accuracy === null ? null : round(accuracy),
    };
  });
  return { ece: round(ece), bins };
}

import { CONFIDENT_FROM, PROBABLE_FROM } from '../controller/calibration.js';

/** What a diagnosis says in words, the same in the CLI, the app, reports and exports. */
export interface OutcomeWords {
  /** "Root cause found", "Probable root cause (unconfirmed)" or "No confident root cause". */
  headline: string;
  /** One line saying what the confidence number means, with the ranges of the words. */
  meaning: string;
  /** The calibrated confidence the words were chosen by (the stated one for ledgers without it). */
  confidence: number;
}

export interface OutcomeInput {
  outcome: 'confident' | 'no_confident_root_cause';
  frontier: readonly string[];
  confidence: { effective: number; calibrated?: number | undefined };
}

export const CALIBRATION_DOC = 'docs/scoring.md#8-calibrated-confidence';

const two = (x: number): string => x.toFixed(2);

/**
 * The headline by the calibrated confidence: "Root cause found" only for a verified frontier
 * whose first root is right at least CONFIDENT_FROM of the time (the outcome `confident`);
 * "Probable" for a frontier at PROBABLE_FROM or more that the gate or the number did not confirm.
 */
export function outcomeWords(d: OutcomeInput): OutcomeWords {
  const confidence = d.confidence.calibrated ?? d.confidence.effective;
  const headline =
    d.outcome === 'confident'
      ? 'Root cause found'
      : d.frontier.length > 0 && confidence >= PROBABLE_FROM
        ? 'Probable root cause (unconfirmed)'
        : 'No confident root cause';
  const meaning =
    `Confidence ${two(confidence)}: of the real faults whose diagnosis stated this, about ${Math.round(confidence * 100)} in 100 ` +
    `named the right root first. "Root cause found" from ${two(CONFIDENT_FROM)}, "Probable" from ${two(PROBABLE_FROM)} ` +
    `(${CALIBRATION_DOC}).`;
  return { headline, meaning, confidence };
}

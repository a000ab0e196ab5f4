import { calibrationTable } from './calibration-table.js';

/**
 * A monotone map from the confidence a diagnosis states (its top root's belief, capped by
 * grounding) to how often diagnoses stating it named the right root first: blocks of stated
 * confidence, each with the share right, fitted on the development parts of the real datasets
 * (`npm run bench:calibrate`, docs/scoring.md §8). The policy's number says how strongly its
 * rules fired; the calibrated one says how often that strength was right.
 */
export interface CalibrationBlock {
  /** The block holds stated confidences up to this value (inclusive); the last block ends at 1. */
  upTo: number;
  /** The share of the block's diagnoses whose first root was right (smoothed). */
  calibrated: number;
  /** Diagnoses of the fit in the block, and how many were right. */
  n: number;
  right: number;
}

/** From this calibrated confidence on, a verified frontier is reported as "Root cause found". */
export const CONFIDENT_FROM = 0.85;
/** From this calibrated confidence on (below CONFIDENT_FROM), the first root is "probable". */
export const PROBABLE_FROM = 0.6;

/** The calibrated confidence of a stated one (clamped to [0, 1]). */
export function calibrate(stated: number, blocks: readonly CalibrationBlock[] = calibrationTable.blocks): number {
  const x = Math.min(1, Math.max(0, Number.isFinite(stated) ? stated : 0));
  const block = blocks.find((b) => x <= b.upTo) ?? blocks[blocks.length - 1];
  return block ? block.calibrated : x;
}

/**
 * Fits the blocks: pool-adjacent-violators isotonic regression of "right" on the stated
 * confidence (ties kept together), each block's share smoothed with a uniform Beta(1, 1) prior,
 * (right + 1) / (n + 2), so a block of three right diagnoses says 0.8, not 1.
 */
export function fitCalibration(outcomes: ReadonlyArray<{ stated: number; correct: boolean }>): CalibrationBlock[] {
  const sorted = [...outcomes].sort((a, b) => a.stated - b.stated);
  // One starting block per distinct stated value.
  const blocks: Array<{ upTo: number; n: number; right: number }> = [];
  for (const o of sorted) {
    const last = blocks[blocks.length - 1];
    if (last && last.upTo === o.stated) {
      last.n += 1;
      last.right += o.correct ? 1 : 0;
    } else blocks.push({ upTo: o.stated, n: 1, right: o.correct ? 1 : 0 });
  }
  // Pool while a block is not more often right than the one before it (by the smoothed share,
  // so the blocks reported rise strictly and equal neighbours become one).
  const share = (b: { n: number; right: number }): number => (b.right + 1) / (b.n + 2);
  const pooled: typeof blocks = [];
  for (const b of blocks) {
    pooled.push({ ...b });
    while (pooled.length > 1) {
      const cur = pooled[pooled.length - 1] as (typeof blocks)[number];
      const prev = pooled[pooled.length - 2] as (typeof blocks)[number];
      if (share(prev) < share(cur)) break;
      pooled.splice(pooled.length - 2, 2, { upTo: cur.upTo, n: prev.n + cur.n, right: prev.right + cur.right });
    }
  }
  const out = pooled.map((b) => ({ upTo: round(b.upTo), calibrated: round(share(b)), n: b.n, right: b.right }));
  const last = out[out.length - 1];
  if (last) last.upTo = 1;
  return out;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

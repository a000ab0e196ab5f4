/**
 * Written by `npm run bench:calibrate` (scripts/bench/real-cases/calibrate.ts): the blocks fitted
 * on the development parts of the real datasets. Do not edit by hand; re-fit after a change to
 * the policies, and read the validation parts' calibration it prints (BENCHMARKS.md).
 */
export const calibrationTable: { fittedOn: string; blocks: Array<{ upTo: number; calibrated: number; n: number; right: number }> } = {
  fittedOn: '38 development cases of tt + ob, 2026-12-07',
  blocks: [
    { upTo: 0.3, calibrated: 0.4, n: 3, right: 1 },
    { upTo: 1, calibrated: 0.946, n: 35, right: 34 },
  ],
};

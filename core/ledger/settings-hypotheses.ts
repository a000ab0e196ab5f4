import { z } from 'zod';

/**
 * The hypothesis layer's settings (docs/hypotheses.md). Absent from ControllerSettings = the
 * layer is off and the investigation is byte-identical to one without the layer.
 *
 * δ = 0.1: the policies' confidences are judgements on a 0–1 scale whose steps an analyst can
 * tell apart are tenths; two hypotheses closer than one step are not told apart by the
 * evidence, so neither is preferred. η = 2: one evidence item can be noise or a coincidence;
 * two independent items are corroboration, the least an SRE acts on.
 */
export const HypothesisSettings = z.object({
  /** Drill down only when P(top) − P(second) exceeds this. */
  delta: z.number().min(0).max(1).default(0.1),
  /** … and the top hypothesis has at least this many supporting evidence items. */
  eta: z.number().int().min(0).default(2),
});
export type HypothesisSettings = z.infer<typeof HypothesisSettings>;

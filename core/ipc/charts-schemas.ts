import { z } from 'zod';

/** `evidence.charts`: the node, and the width in pixels the charts are drawn at (the downsampling target). */
export const ChartsInput = z.object({
  node: z.string().min(1),
  width: z.number().int().min(120).max(4000).default(600),
});

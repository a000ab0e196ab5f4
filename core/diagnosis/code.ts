import { z } from 'zod';

/** The code regions of an Origin (the code layer, docs/code-layer.md): optional on a diagnosis entity. */
export const DiagnosisCodeBlock = z.object({
  file: z.string(),
  function: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  reason: z.string(),
  /** Ids of the evidence that led to this block. */
  evidence: z.array(z.string()),
  snippet: z.string(),
  /**
   * The service whose code holds the block, when the entity has no source of its own (a
   * ConfigMap) and the code layer followed its change into the code that reads the changed key.
   */
  service: z.string().optional(),
});
export type DiagnosisCodeBlock = z.infer<typeof DiagnosisCodeBlock>;

import { z } from 'zod';

/**
 * The code layer's ledger event (docs/code-layer.md): the drill from an Origin into its
 * service's source. Recorded once per Origin after the walk finishes, when the snapshot
 * carries source for that service; `status` says why no blocks were found otherwise.
 */
export const CodeBlockRef = z.object({
  file: z.string(),
  function: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  level: z.enum(['module', 'class', 'function', 'block']),
  score: z.number(),
  reason: z.string(),
  /** Ids of the evidence whose anchors led here. */
  evidence: z.array(z.string()),
  /** The block's source lines (at most 40), as read at drill time; shown escaped. */
  snippet: z.string(),
});
export type CodeBlockRef = z.infer<typeof CodeBlockRef>;

export const CodeAnchorRef = z.object({ kind: z.string(), text: z.string(), evidence: z.string() });
export type CodeAnchorRef = z.infer<typeof CodeAnchorRef>;

export const CodeDrilled = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('CodeDrilled'),
  node: z.string(),
  status: z.enum(['located', 'no-anchor', 'no-match']),
  /** The service's source root as the bundle named it, and its commit when given. */
  root: z.string(),
  commit: z.string().nullable(),
  anchors: z.array(CodeAnchorRef),
  blocks: z.array(CodeBlockRef),
  /** Files that could not be parsed, unsupported languages. */
  warnings: z.array(z.string()),
});
export type CodeDrilled = z.infer<typeof CodeDrilled>;

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
  /**
   * The service whose source holds the block, when the Origin has no source of its own and the
   * drill followed its change into the services it acts on (a ConfigMap's flag, read by this
   * service's code). Absent for a drill of the Origin's own source.
   */
  service: z.string().optional(),
});
export type CodeBlockRef = z.infer<typeof CodeBlockRef>;

export const CodeAnchorRef = z.object({ kind: z.string(), text: z.string(), evidence: z.string() });
export type CodeAnchorRef = z.infer<typeof CodeAnchorRef>;

export const CodeDrilled = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('CodeDrilled'),
  node: z.string(),
  status: z.enum(['located', 'no-anchor', 'no-match']),
  /**
   * The service's source root as the bundle named it, and its commit when given. Empty (and
   * null) for a drill through a change: `services` names each source searched.
   */
  root: z.string(),
  commit: z.string().nullable(),
  /**
   * A drill through a change (docs/code-layer.md, "Through a change"): the Origin has no source
   * of its own; these are the services the change acts on whose source was searched for the
   * changed keys, each with its root and commit. The blocks name the service that reads them.
   * Absent for a drill of the Origin's own source.
   */
  services: z.array(z.object({ service: z.string(), root: z.string(), commit: z.string().nullable() })).optional(),
  anchors: z.array(CodeAnchorRef),
  blocks: z.array(CodeBlockRef),
  /** Files that could not be parsed, unsupported languages. */
  warnings: z.array(z.string()),
  /**
   * Who chose the first block when the LLM policy walked the code (CodeStep events): `model`
   * when its selection was accepted, `heuristic` when the ranking stands. Absent for the
   * heuristic drill, so its ledgers keep their bytes.
   */
  chosenBy: z.enum(['model', 'heuristic']).optional(),
  /**
   * Why the model's walk ended early (the deadline passed, the run was stopped, the token cap
   * was spent): the steps it took are recorded and the heuristic ranking stands. Absent when
   * the walk ran to its end.
   */
  interrupted: z.string().optional(),
});
export type CodeDrilled = z.infer<typeof CodeDrilled>;

/** A block as a walk step names it. */
export const CodeStepBlock = z.object({
  file: z.string(),
  function: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
});
export type CodeStepBlock = z.infer<typeof CodeStepBlock>;

/**
 * One step of the LLM policy's walk through an Origin's code (docs/code-layer.md): the block
 * it stood on, the action taken and who decided it. A model answer naming a block that is not
 * an admissible neighbour, or evidence not in its context, is `rejected` (why, in words) and
 * the heuristic ranking decides that step (`by: heuristic`).
 */
export const CodeStep = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('CodeStep'),
  node: z.string(),
  step: z.number().int().nonnegative(),
  at: CodeStepBlock,
  by: z.enum(['model', 'heuristic']),
  action: z.enum(['expand', 'select', 'stop', 'cross']),
  /** The block expanded to, selected or cited by a cross; null for stop. */
  block: CodeStepBlock.nullable(),
  reason: z.string(),
  evidence: z.array(z.string()),
  rejected: z.string().nullable(),
  /** A cross's entity of the service graph (CodeDependencyFound follows); absent otherwise. */
  entity: z.string().optional(),
  /** In a drill through a change: the service whose code the step walks. Absent otherwise. */
  service: z.string().optional(),
});
export type CodeStep = z.infer<typeof CodeStep>;

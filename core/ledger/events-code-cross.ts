import { z } from 'zod';

/**
 * The code layer crossing back to the service graph (docs/code-layer.md, "Crossing back"): an
 * Origin's source names an entity of the topology (a URL's host, a connection string, a queue
 * or topic, a generated client) that nothing links it to. Checked before it is recorded: the
 * target is an entity of the topology and the reference is in the parsed source, cited by
 * file:line. The fold adds the E_S edge target → node (the dependency may explain the Origin)
 * and re-opens a finished walk; the controller then visits the target (Activated, reason
 * `code`) through its queue.
 */
export const CodeDependencyFound = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('CodeDependencyFound'),
  /** The Origin whose code names the dependency. */
  node: z.string(),
  /** The entity it names. */
  target: z.string(),
  /** Who proposed the crossing: the drill's extraction or the model's walk (checked alike). */
  by: z.enum(['heuristic', 'model']),
  via: z.enum(['url', 'host', 'name', 'client']),
  /** The literal or callee as written (quoted data: shown escaped). */
  text: z.string(),
  file: z.string(),
  line: z.number().int().positive(),
  function: z.string(),
  /** The Origin's evidence that led the drill to this code (may be empty: no anchor). */
  evidence: z.array(z.string()),
  reason: z.string(),
});
export type CodeDependencyFound = z.infer<typeof CodeDependencyFound>;

/** The claimant of the E_S edge a crossing adds: not a node, so re-evaluating a node never retracts it. */
export function codeClaimant(node: string): string {
  return `code:${node}`;
}

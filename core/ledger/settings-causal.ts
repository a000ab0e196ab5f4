import { z } from 'zod';

/**
 * The causal-graph layer's settings (docs/causal-graph.md). Absent from ControllerSettings = the
 * layer is off and nothing of it is recorded. The knowledge is recorded by identity (its merged
 * document's sha256): a ledger is resumed only with the same knowledge.
 *
 * k = 2: SC compares a node's out-degree with its neighbourhood's; two hops reach the node's
 * causes' causes and effects' effects, the chain length an SRE reads at once. ε keeps SC finite
 * when every out-degree is equal (then SC is 0: perfectly consistent).
 */
export const CausalSettings = z.object({
  /** Reject proposals that break the knowledge or the topology (false: apply them, still recorded as violations). */
  enforce: z.boolean().default(true),
  /** Orphan alerts queue their unevaluated entities (Activated, reason `reminder`). */
  steer: z.boolean().default(false),
  /** Root anomalies (no upstream cause) queue their unevaluated neighbours too. */
  steerRoots: z.boolean().default(false),
  /** Stop once every seed was evaluated, every alert is attached and the graph has one root (RunStopped `causal_explained`). */
  earlyStop: z.boolean().default(false),
  k: z.number().int().min(1).max(5).default(2),
  epsilon: z.number().positive().default(1e-9),
  knowledge: z.object({ name: z.string(), version: z.string(), sha256: z.string() }),
});
export type CausalSettings = z.infer<typeof CausalSettings>;

import { z } from 'zod';

/** Cause classes of level 1 of the hypothesis layer, coarse to fine as an SRE names them (docs/hypotheses.md). */
export const causeClasses = ['change', 'load', 'resource', 'network', 'code', 'dependency', 'infrastructure', 'unknown'] as const;

/** The levels a policy may propose a hypothesis at (level 4, code region, is reserved). */
export const proposalLevels = ['cause class', 'entity', 'mechanism'] as const;

/**
 * A hypothesis a policy (the LLM) proposes and scores through the same schema-validated
 * contract as its labels: the controller's guard checks the entity and every cited id against
 * the packet, and the engine scores what passes (docs/hypotheses.md, "Model-proposed hypotheses").
 */
export const HypothesisProposal = z.object({
  level: z.enum(proposalLevels),
  cause_class: z.enum(causeClasses),
  /** A known entity id (the node judged or one of the packet's neighbours). */
  entity: z.string(),
  statement: z.string(),
  confidence: z.number().min(0).max(1),
  /** Evidence ids of the packet that support it; suspicious text alone supports nothing. */
  support: z.array(z.string()),
  refute: z.array(z.string()),
});
export type HypothesisProposal = z.infer<typeof HypothesisProposal>;

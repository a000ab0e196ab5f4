import { z } from 'zod';

const AnomalyName = z.object({ type: z.string().min(1).max(80), entity: z.string().min(1).max(300) });

/**
 * An operation on the causal graph a policy (the LLM) proposes through its reply
 * (docs/causal-graph.md §6): the controller's guard checks every cited id against the packet,
 * then the knowledge and the topology check the operation like a derived one.
 */
export const CausalProposal = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create_anomaly'), anomaly: AnomalyName, evidence: z.array(z.string()) }),
  z.object({ op: z.literal('link_alert'), alert: z.string(), anomaly: AnomalyName }),
  z.object({ op: z.literal('add_causality'), from: AnomalyName, to: AnomalyName, rationale: z.string(), evidence: z.array(z.string()) }),
]);
export type CausalProposal = z.infer<typeof CausalProposal>;

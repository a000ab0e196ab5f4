import { z } from 'zod';
import { HypothesisProposal } from './hypothesis-proposal.js';
import { CausalProposal } from './causal-proposal.js';

export const labels = ['Healthy', 'Origin', 'Symptom', 'Defer'] as const;
export const Label = z.enum(labels);
export type Label = z.infer<typeof Label>;

export const Belief = z.object({
  label: Label,
  /** Evidence ids from the packet the belief rests on. */
  evidence: z.array(z.string()),
  summary: z.string(),
  confidence: z.number().min(0).max(1),
});
export type Belief = z.infer<typeof Belief>;

/** "from explains to": a directed edge of the explanatory graph E_S. */
export const Claim = z.object({
  from: z.string(),
  to: z.string(),
  evidence: z.array(z.string()),
  condition: z.string().default(''),
  effect: z.string().default(''),
});
export type Claim = z.infer<typeof Claim>;

export const Message = z.object({
  from: z.string(),
  to: z.string(),
  belief: Belief,
  /** Ledger sequence number of the event that produced the belief. */
  seq: z.number().int().nonnegative(),
});
export type Message = z.infer<typeof Message>;

/** What a policy returns for one node, without hypothesis proposals (the reply shape when the layer is off). */
export const PolicyOutputBase = z.object({
  label: Label,
  confidence: z.number().min(0).max(1),
  evidence: z.array(z.string()),
  summary: z.string(),
  /** One human-readable line per rule or reasoning step. */
  reasoning: z.array(z.string()),
  claims: z.array(Claim),
  proposals: z.array(z.string()),
});

/** What a policy returns for one node; `hypotheses` only from a policy asked for them (the LLM, layer on). */
export const PolicyOutput = PolicyOutputBase.extend({
  hypotheses: z.array(HypothesisProposal).optional(),
  /** Operations on the causal graph (docs/causal-graph.md §6), judged by the controller's guard; absent from the heuristic. */
  causal: z.array(CausalProposal).optional(),
});
export type PolicyOutput = z.infer<typeof PolicyOutput>;

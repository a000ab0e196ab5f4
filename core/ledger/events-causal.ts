import { z } from 'zod';

/**
 * Ledger events of the causal-graph layer (docs/causal-graph.md): the three operations —
 * create anomaly, link alert, add causality — each already checked against the knowledge and
 * the topology when written, and every rejected proposal as a violation. Written only when
 * the layer is on (`settings.causal`); the fold builds the graph from them alone.
 */

const base = { seq: z.number().int().nonnegative() };

/** `derived`: read off the policy's labels and claims; `model`: proposed by the LLM in its reply. */
export const CausalSource = z.enum(['derived', 'model']);
export type CausalSource = z.infer<typeof CausalSource>;

export const causalOperations = ['create_anomaly', 'link_alert', 'add_causality'] as const;
export const CausalOperation = z.enum(causalOperations);
export type CausalOperation = z.infer<typeof CausalOperation>;

/** An anomaly node ⟨type, entity⟩: id `type@entity`, one per entity and type. */
export const AnomalyCreated = z.object({
  ...base,
  type: z.literal('AnomalyCreated'),
  anomaly: z.string(),
  anomalyType: z.string(),
  entity: z.string(),
  /** Evidence ids (derived signals, changes, events) typed as this anomaly by the knowledge. */
  evidence: z.array(z.string()),
  /** Earlier anomalies on the same or a topology-adjacent entity (TC's pairs, so the fold needs no topology). */
  adjacent: z.array(z.string()),
  /** The node whose evaluation proposed it. */
  by: z.string(),
  source: CausalSource,
});

export const AlertLinked = z.object({
  ...base,
  type: z.literal('AlertLinked'),
  alert: z.string(),
  /** The alert's name (its signature), kept so the view needs no evidence store. */
  name: z.string(),
  anomaly: z.string(),
  by: z.string(),
  source: CausalSource,
});

export const CausalityAdded = z.object({
  ...base,
  type: z.literal('CausalityAdded'),
  from: z.string(),
  to: z.string(),
  /** One line: why `from` causes `to` (the knowledge's relations along the chain). */
  rationale: z.string(),
  evidence: z.array(z.string()),
  /** Unobserved intermediate anomaly types the chain bridges (at most 2). */
  via: z.array(z.string()),
  by: z.string(),
  source: CausalSource,
  /** Set when enforcement is off and the edge breaks the knowledge or topology (also a CausalViolation). */
  violation: z.string().nullable(),
});

/** A proposal that broke the knowledge or the topology: rejected (enforced) or applied anyway. */
export const CausalViolation = z.object({
  ...base,
  type: z.literal('CausalViolation'),
  operation: CausalOperation,
  reason: z.string(),
  /** true: the operation was not applied. */
  enforced: z.boolean(),
  by: z.string(),
  source: CausalSource,
  anomalyType: z.string().nullable(),
  entity: z.string().nullable(),
  alert: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  evidence: z.array(z.string()),
});

/**
 * Calls the spans showed between entities the topology does not link (discovered trace
 * edges in a packet), caller → callee: the topology check counts them as dependencies.
 */
export const CallsDiscovered = z.object({
  ...base,
  type: z.literal('CallsDiscovered'),
  calls: z.array(z.object({ caller: z.string(), callee: z.string() })),
});

export const causalEvents = [CallsDiscovered, AnomalyCreated, AlertLinked, CausalityAdded, CausalViolation] as const;

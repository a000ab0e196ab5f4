import { z } from 'zod';

/**
 * The causal graph as the diagnosis exports it and the UI shows it (docs/causal-graph.md):
 * post-processed (orphans pruned, transitive edges dropped), with every violation and the
 * interpretability metrics. One schema for both, so the view cannot drift from the export.
 */
const Source = z.enum(['derived', 'model']);

export const CausalGraphNode = z.object({
  id: z.string(),
  type: z.string(),
  entity: z.string(),
  alerts: z.array(z.object({ id: z.string(), name: z.string() })),
  evidence: z.array(z.string()),
  source: Source,
});
export const CausalGraphEdge = z.object({
  from: z.string(),
  to: z.string(),
  rationale: z.string(),
  evidence: z.array(z.string()),
  /** Unobserved intermediate anomaly types the edge bridges. */
  via: z.array(z.string()),
  source: Source,
  /** Set when enforcement was off and the edge breaks the knowledge or topology. */
  violation: z.string().nullable(),
});
export const CausalViolationView = z.object({
  operation: z.enum(['create_anomaly', 'link_alert', 'add_causality']),
  reason: z.string(),
  /** true: rejected; false: applied anyway (enforcement off). */
  enforced: z.boolean(),
  by: z.string(),
  source: Source,
  /** What was proposed, e.g. `latency@a → error_rate@b`. */
  subject: z.string(),
  evidence: z.array(z.string()),
});
export const CausalMetricsSchema = z.object({ SC: z.number(), TC: z.number(), KC: z.number(), score: z.number() });

export const CausalGraph = z.object({
  nodes: z.array(CausalGraphNode),
  edges: z.array(CausalGraphEdge),
  violations: z.array(CausalViolationView),
  metrics: CausalMetricsSchema,
  /** How many anomalies and edges post-processing removed (orphans, transitive edges). */
  pruned: z.object({ nodes: z.number().int().nonnegative(), edges: z.number().int().nonnegative() }),
  /**
   * Anomalies and edges the walk no longer holds (left out of nodes, edges and metrics; the
   * ledger keeps them): an anomaly on an entity later judged Healthy, an edge with such an end
   * or whose E_S claim was retracted.
   */
  withdrawn: z.object({ nodes: z.number().int().nonnegative(), edges: z.number().int().nonnegative() }),
  /** Bootstrap alerts no anomaly explains. */
  orphan_alerts: z.array(z.string()),
  knowledge: z.object({ name: z.string(), version: z.string(), sha256: z.string() }),
  enforce: z.boolean(),
});
export type CausalGraph = z.infer<typeof CausalGraph>;
export type CausalGraphNode = z.infer<typeof CausalGraphNode>;
export type CausalGraphEdge = z.infer<typeof CausalGraphEdge>;
export type CausalViolationView = z.infer<typeof CausalViolationView>;

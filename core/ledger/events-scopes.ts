import { z } from 'zod';

/**
 * The scope layer's ledger events (docs/scopes.md): the alert scopes formed at bootstrap
 * (XiHE's dispatcher) and the messages scopes exchange along the topology. Recorded only when
 * the snapshot has alerts to scope, so a ledger without alerts keeps its bytes.
 */

export const SignatureCount = z.object({ signature: z.string(), count: z.number().int().nonnegative() });
export type SignatureCount = z.infer<typeof SignatureCount>;

/** What a high-volume signature says about propagation, instead of its thousand alerts. */
export const FloodSummary = z.object({
  signature: z.string(),
  /** Alerts of the signature in the window, kept after filtering, and why the rest were dropped. */
  total: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  filtered: z.object({ severity: z.number().int().nonnegative(), baseline: z.number().int().nonnegative() }),
  /** Window rate ÷ baseline rate (alerts per minute); null without baseline alerts. */
  rateRatio: z.number().nullable(),
  entities: z.number().int().nonnegative(),
  /** Most alerted entities (at most 8), most first. */
  perEntity: z.array(z.object({ entity: z.string(), count: z.number().int().positive() })),
  perTier: z.array(z.object({ tier: z.string(), count: z.number().int().positive() })),
  first: z.number(),
  last: z.number(),
  /** The entities it reached first (at most 5), earliest first: where the propagation started. */
  firstEntities: z.array(z.string()),
  /** Most distinct entities it fired on within one sliding window. */
  burst: z.number().int().nonnegative(),
});
export type FloodSummary = z.infer<typeof FloodSummary>;

export const scopeMerges = ['fusion', 'cluster'] as const;

export const ScopeRecord = z.object({
  id: z.string(),
  kind: z.enum(['entity', 'signature']),
  /** Representatives (a Service for its pods and deployment), sorted. */
  entities: z.array(z.string()),
  tiers: z.array(z.string()),
  alerts: z.number().int().nonnegative(),
  /** A few alert ids (the earliest) for citation; the rest are counted. */
  sample: z.array(z.string()),
  signatures: z.array(SignatureCount),
  severity: z.string(),
  first: z.number(),
  last: z.number(),
  /** How entity scopes came together: horizontal fusion, vertical clustering. */
  merged: z.array(z.enum(scopeMerges)),
  /** Neighbour scopes along the topology (messages go only there). */
  neighbours: z.array(z.string()),
  flood: FloodSummary.optional(),
});
export type ScopeRecord = z.infer<typeof ScopeRecord>;

export const DismissedSignature = z.object({ signature: z.string(), alerts: z.number().int().positive(), reason: z.string() });
export type DismissedSignature = z.infer<typeof DismissedSignature>;

export const ScopesFormed = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('ScopesFormed'),
  windowMs: z.number().int().positive(),
  /** Alerts considered (in the investigation window) and normalised. */
  alerts: z.number().int().nonnegative(),
  scopes: z.array(ScopeRecord),
  dismissed: z.array(DismissedSignature),
});
export type ScopesFormed = z.infer<typeof ScopesFormed>;

export const scopeMessageKinds = ['request', 'confirm', 'broadcast'] as const;

/**
 * A message between scopes, routed along the topology: `request` asks a neighbour scope for
 * evidence on an entity (the controller visits it next), `confirm` answers that the entity
 * was judged, `broadcast` shares a high-confidence finding (an origin citing a change) with
 * every neighbour scope. `evidence` are ids the receiving packets carry.
 */
export const ScopeMessage = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('ScopeMessage'),
  kind: z.enum(scopeMessageKinds),
  from: z.string(),
  to: z.string(),
  /** The entity the message is about. */
  node: z.string(),
  text: z.string(),
  evidence: z.array(z.string()),
});
export type ScopeMessage = z.infer<typeof ScopeMessage>;

export const scopeEvents = [ScopesFormed, ScopeMessage] as const;

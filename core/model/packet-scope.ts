import { z } from 'zod';

/**
 * The node's alert scope as its packet carries it (docs/scopes.md §3): the scope's alerts
 * summarised by signature and the floods (signature-bound scopes) that touch the node, so an
 * alert storm costs a few hundred tokens however many alerts fired. Bounded lists.
 */
export const PacketFlood = z.object({
  scope: z.string(),
  signature: z.string(),
  /** Alerts kept after filtering, across the incident, and on how many entities. */
  kept: z.number().int().nonnegative(),
  entities: z.number().int().nonnegative(),
  /**
   * Alerts of the signature on this node, and its place among the entities reached (1 = first).
   * `onNode` is null when the node is not among the flood's top entities, whose counts alone
   * are kept: it then had at most as many as the last of them, not none.
   */
  onNode: z.number().int().nonnegative().nullable(),
  order: z.number().int().positive().nullable(),
  firstEntities: z.array(z.string()),
  first: z.number(),
  last: z.number(),
});
export type PacketFlood = z.infer<typeof PacketFlood>;

export const PacketScopeMessage = z.object({
  kind: z.string(),
  from: z.string(),
  node: z.string(),
  text: z.string(),
  evidence: z.array(z.string()),
});
export type PacketScopeMessage = z.infer<typeof PacketScopeMessage>;

export const PacketScope = z.object({
  id: z.string().nullable(),
  /** The scope's entities (at most 8) and how many more it has. */
  entities: z.array(z.string()),
  moreEntities: z.number().int().nonnegative(),
  alerts: z.number().int().nonnegative(),
  signatures: z.array(z.object({ signature: z.string(), count: z.number().int().nonnegative() })),
  floods: z.array(PacketFlood),
  messages: z.array(PacketScopeMessage),
});
export type PacketScope = z.infer<typeof PacketScope>;

import { z } from 'zod';
import { Belief, Message } from './belief.js';
import { EvidenceItem, EvidenceKind } from './evidence.js';
import { Entity, Relation } from './topology.js';
import { PacketScope } from './packet-scope.js';

export const TimeWindow = z.object({ start: z.number(), end: z.number() });
export type TimeWindow = z.infer<typeof TimeWindow>;

export const PacketNeighbour = z.object({
  id: z.string(),
  kind: z.string(),
  relation: z.union([Relation, z.literal('explains')]),
  /** `out`: this node → neighbour (e.g. this node calls it); `in`: neighbour → this node. */
  direction: z.enum(['out', 'in']),
  /** Edge known only from E_S (claimed by a policy), not from the topology. */
  isDiscovered: z.boolean(),
  belief: Belief.nullable(),
});
export type PacketNeighbour = z.infer<typeof PacketNeighbour>;

export const OmittedSummary = z.object({
  kind: EvidenceKind,
  count: z.number().int().positive(),
  summary: z.string(),
});
export type OmittedSummary = z.infer<typeof OmittedSummary>;

/**
 * The bounded context packet for one node (design.md §2): what the policy sees and what the
 * UI shows, exactly.
 */
export const ContextPacket = z.object({
  node: z.string(),
  entity: Entity,
  window: TimeWindow,
  incidentTime: z.number().nullable(),
  neighbours: z.array(PacketNeighbour),
  omittedNeighbours: z.number().int().nonnegative(),
  inbox: z.array(Message),
  evidence: z.array(EvidenceItem),
  omitted: z.array(OmittedSummary),
  tokenCount: z.number().int().nonnegative(),
  tokenBudget: z.number().int().positive(),
  /**
   * Ids of shown evidence whose captured text reads like instructions to a model or prompt
   * markup (core/context/suspicious.ts): data, never to be obeyed, and never a label's only
   * support. Absent when there is none (so packets without any keep their bytes).
   */
  suspicious: z.array(z.string()).optional(),
  /** The node's alert scope (docs/scopes.md); absent when it adds nothing to the node's own alerts. */
  scope: PacketScope.optional(),
  /**
   * The case library's prior (docs/cases.md §4): what similar past cases found, to look at, never
   * to cite. Absent unless the investigation was given one.
   */
  prior: z.string().optional(),
});
export type ContextPacket = z.infer<typeof ContextPacket>;

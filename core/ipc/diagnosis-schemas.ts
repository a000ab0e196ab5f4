import { z } from 'zod';
import { CodeDrilled } from '../ledger/events-code.js';
import { Belief, ContextPacket, Entity, Label } from '../model/index.js';

export const AlertView = z.object({
  name: z.string(),
  entity: z.string(),
  severity: z.string(),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  summary: z.string().nullable(),
});
export type AlertView = z.infer<typeof AlertView>;

export const NodeInspectInput = z.object({ node: z.string().min(1) });

/** One belief the node held, from a BeliefSet event (or an analyst override) in the ledger. */
export const BeliefRevision = z.object({
  seq: z.number().int().nonnegative(),
  label: Label,
  confidence: z.number(),
  summary: z.string(),
  source: z.enum(['policy', 'guard', 'damping', 'analyst']),
  /** The policy's reasoning steps; for an analyst override, the analyst's note. */
  reasoning: z.array(z.string()),
});
export type BeliefRevision = z.infer<typeof BeliefRevision>;

/** A source line an evidence item came from; snapshot text, so hostile: render as text only. */
export const RawLineView = z.object({ evidenceId: z.string(), file: z.string(), line: z.number().int(), text: z.string() });
export type RawLineView = z.infer<typeof RawLineView>;

export const NodeInspection = z.object({
  entity: Entity,
  alerts: z.array(AlertView),
  belief: Belief.nullable(),
  /** Set when an analyst override pinned the label: shown as human-asserted. */
  isPinned: z.boolean().default(false),
  /** Every belief up to the viewed ledger position, oldest first. */
  history: z.array(BeliefRevision).default([]),
  /** The last context packet built for the node, exactly as the policy saw it. */
  packet: ContextPacket.nullable(),
  /** Ledger seq of the PacketBuilt event of `packet`. */
  packetSeq: z.number().int().nullable().default(null),
  /** Source lines of the packet's evidence (a few per item); empty when the bundle moved. */
  rawLines: z.array(RawLineView).default([]),
  /** The code layer's drill into the node's source (an Origin whose service has source), up to the viewed position. */
  code: CodeDrilled.nullable().default(null),
  neighbours: z.array(z.object({ id: z.string(), relation: z.string(), direction: z.enum(['out', 'in']) })),
});
export type NodeInspection = z.infer<typeof NodeInspection>;

/** design.md §7, as core/diagnosis defines it. */
export { Diagnosis } from '../diagnosis/index.js';

export const exportFormats = ['json', 'markdown', 'html', 'gexf', 'graphml'] as const;
export const ExportInput = z.object({
  format: z.enum(exportFormats),
  /** A PNG of the graph canvas to embed in the HTML report. */
  graphPng: z
    .string()
    .max(20_000_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    .optional(),
});
export const ExportOutput = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });
export type ExportOutput = z.infer<typeof ExportOutput>;

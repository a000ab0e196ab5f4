import { z } from 'zod';
import { Belief, ContextPacket, Entity } from '../model/index.js';

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
export const NodeInspection = z.object({
  entity: Entity,
  alerts: z.array(AlertView),
  belief: Belief.nullable(),
  /** The last context packet built for the node, exactly as the policy saw it. */
  packet: ContextPacket.nullable(),
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

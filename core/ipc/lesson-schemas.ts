import { z } from 'zod';
import { ClassTable, LessonView } from '../lesson/index.js';
import { Label } from '../model/index.js';

export const LessonStartInput = z.object({ trainee: z.string().trim().min(1).max(200) });
export const LessonAnswerInput = z.object({
  label: Label,
  cited: z.array(z.string().min(1).max(500)).max(200).default([]),
  hypothesis: z.string().max(4000).default(''),
});
/** A note on a ledger step (its seq), or -1 for a note on the whole lesson. */
export const LessonNoteInput = z.object({ seq: z.number().int().min(-1), text: z.string().trim().min(1).max(4000) });
export const LessonExportInput = z.object({ format: z.enum(['html', 'bundle', 'csv', 'json']) });
export const LessonImportInput = z.object({ content: z.string().min(2).max(50_000_000) });
/**
 * The workbench's open investigation, which a lesson sets aside and gives back when it is left
 * (docs/trainer.md): how far it went, and whether a run is in flight (the lesson pauses it first).
 */
export const KeptInvestigation = z.object({ evaluations: z.number().int().nonnegative(), isRunning: z.boolean() });
export type KeptInvestigation = z.infer<typeof KeptInvestigation>;
export const LessonStatus = z.object({
  /** Lessons need a snapshot with an evidence store (not a replayed ledger). */
  isAvailable: z.boolean(),
  hasGroundTruth: z.boolean(),
  lesson: LessonView.nullable(),
  /** Before a lesson: the investigation it would set aside; during one: the one it did; null: none. */
  investigation: KeptInvestigation.nullable(),
});
export type LessonStatus = z.infer<typeof LessonStatus>;
export { ClassTable, LessonView };

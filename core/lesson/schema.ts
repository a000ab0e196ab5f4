import { z } from 'zod';
import { EvidenceItem, Label } from '../model/index.js';

/** What the engine concluded for a node at one step: shown only after the trainee commits. */
export const EngineJudgement = z.object({
  label: Label,
  confidence: z.number(),
  summary: z.string(),
  /** The evidence ids the engine's belief cites. */
  evidence: z.array(z.string()),
});
export type EngineJudgement = z.infer<typeof EngineJudgement>;

/** One committed step of an attempt: the trainee's answer beside the engine's. */
export const LessonAnswer = z.object({
  /** 1-based step of the lesson. */
  index: z.number().int().positive(),
  /** The ledger seq of the step's StepStarted event: trainer notes attach here. */
  seq: z.number().int().nonnegative(),
  node: z.string(),
  label: Label,
  cited: z.array(z.string()),
  hypothesis: z.string(),
  hints: z.number().int().nonnegative(),
  engine: EngineJudgement,
});
export type LessonAnswer = z.infer<typeof LessonAnswer>;

/** The step the trainee is answering: only the part of the packet revealed so far. */
export const LessonQuestion = z.object({
  index: z.number().int().positive(),
  seq: z.number().int().nonnegative(),
  node: z.string(),
  /** Evidence items of the node's packet revealed so far (best ranked first). */
  evidence: z.array(EvidenceItem),
  /** Evidence items not shown yet. */
  hiddenEvidence: z.number().int().nonnegative(),
  neighbours: z.array(z.object({ id: z.string(), relation: z.string(), direction: z.enum(['in', 'out']) })),
  /** Neighbours' messages (their beliefs): the last hint; null until revealed. */
  inbox: z.array(z.object({ from: z.string(), label: Label, summary: z.string() })).nullable(),
  hintsUsed: z.number().int().nonnegative(),
  hintsLeft: z.number().int().nonnegative(),
});
export type LessonQuestion = z.infer<typeof LessonQuestion>;

export const TrainerNote = z.object({ seq: z.number().int().min(-1), text: z.string().max(4000), at: z.string() });
export type TrainerNote = z.infer<typeof TrainerNote>;

export const Ratio = z.number().min(0).max(1).nullable();

/** The end of an attempt. Ratios are null when nothing could be measured (no ground truth, no citations). */
export const ScoreCard = z.object({
  steps: z.number().int().nonnegative(),
  hints: z.number().int().nonnegative(),
  agreementWithEngine: Ratio,
  agreementWithTruth: Ratio,
  frontier: z.array(z.string()),
  frontierPrecision: Ratio,
  frontierRecall: Ratio,
  engineFrontier: z.array(z.string()),
  engineFrontierPrecision: Ratio,
  engineFrontierRecall: Ratio,
  citationPrecision: Ratio,
  /** Points: 1 per step agreeing with the engine, less 0.25 per hint used on it (never below 0). */
  points: z.number(),
  /** The first step where the trainee's label differed from the engine's; null if none did. */
  firstDivergence: z
    .object({ index: z.number().int().positive(), node: z.string(), trainee: Label, engine: Label, truth: Label.nullable() })
    .nullable(),
  /** Ground truth label of each answered node (Origin / Symptom / Healthy), revealed with the score. */
  truth: z.record(z.string(), Label),
});
export type ScoreCard = z.infer<typeof ScoreCard>;

export const lessonStatuses = ['question', 'revealed', 'finished'] as const;

/** What the renderer sees of a lesson. Nothing the trainee has not earned is in it. */
export const LessonView = z.object({
  lessonId: z.string(),
  title: z.string(),
  trainee: z.string(),
  attemptId: z.number().int().positive(),
  hasGroundTruth: z.boolean(),
  status: z.enum(lessonStatuses),
  question: LessonQuestion.nullable(),
  answers: z.array(LessonAnswer),
  notes: z.array(TrainerNote),
  score: ScoreCard.nullable(),
});
export type LessonView = z.infer<typeof LessonView>;

/** One attempt in the class table. */
export const ClassRow = z.object({
  attemptId: z.number().int().positive(),
  trainee: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  score: ScoreCard.nullable(),
});
export type ClassRow = z.infer<typeof ClassRow>;

export const ClassTable = z.object({ lessonId: z.string(), title: z.string(), rows: z.array(ClassRow) });
export type ClassTable = z.infer<typeof ClassTable>;

/** A lesson as one file another trainer imports: the incident's id, ground truth, notes and attempts. */
export const LessonBundle = z.object({
  format: z.literal('eog-lesson'),
  version: z.literal(1),
  lessonId: z.string().min(1),
  title: z.string(),
  /** The ground_truth.yaml text, or null. */
  groundTruth: z.string().nullable(),
  notes: z.array(TrainerNote),
  attempts: z.array(
    z.object({
      trainee: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      answers: z.array(LessonAnswer),
      score: ScoreCard.nullable(),
    }),
  ),
});
export type LessonBundle = z.infer<typeof LessonBundle>;

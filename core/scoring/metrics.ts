import type { EntityId } from '../model/ids.js';
import { ScoringInputError } from './errors.js';
import { bestCandidates, isRootCauseClass, matchCandidates, toGroupMatch, tryParseEntityId, type GroupMatch } from './match.js';
import type { GroundTruth } from './types.js';

export interface PredictionOutcome {
  entityId: string;
  /** False when the prediction is not an `ns/Kind/name` or `Kind/name` id (it then scores as wrong). */
  isEntityId: boolean;
  match: GroupMatch | null;
}

export interface RootCauseScore {
  /** The k used, or null when every prediction was scored. */
  k: number | null;
  /** Distinct predictions scored (duplicates name one object and count once). */
  predictions: number;
  /** Predictions that match a group of a root-cause alias class. */
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  rootCauseClasses: number;
  /** Root-cause alias classes found, each as its member group ids. */
  found: string[][];
  missed: string[][];
  outcomes: PredictionOutcome[];
}

export interface ScoreOptions {
  /** Score only the first k predictions (the `@k` variants). */
  k?: number;
}

export function checkK(k: number | undefined): void {
  if (k !== undefined && (!Number.isInteger(k) || k < 1)) {
    throw new ScoringInputError(`k must be a positive integer, got ${k}`);
  }
}

/**
 * Root-cause entity precision, recall and F1 (design §8). Predictions are scored in order; when a
 * prediction ties between groups, the tie goes to a root-cause class not found yet, so two
 * predictions can find two root causes that share a filter (ITBench scenario 38).
 */
export function scoreRootCause(gt: GroundTruth, predictions: readonly EntityId[], options: ScoreOptions = {}): RootCauseScore {
  checkK(options.k);
  const considered = options.k === undefined ? predictions : predictions.slice(0, options.k);
  const distinct = [...new Set(considered)];
  const foundClasses = new Set<number>();
  let matched = 0;
  const outcomes = distinct.map((entityId): PredictionOutcome => {
    const candidates = matchCandidates(gt, entityId);
    const tied = bestCandidates(candidates);
    const isRc = (aliasClass: number): boolean => isRootCauseClass(gt, aliasClass);
    const chosen =
      tied.find((c) => isRc(c.group.aliasClass) && !foundClasses.has(c.group.aliasClass)) ??
      tied.find((c) => isRc(c.group.aliasClass)) ??
      tied[0];
    const match = chosen === undefined ? null : toGroupMatch(gt, entityId, candidates, chosen);
    if (match?.isRootCause) {
      matched += 1;
      foundClasses.add(match.aliasClass);
    }
    return { entityId, isEntityId: tryParseEntityId(entityId) !== null, match };
  });
  const precision = distinct.length === 0 ? 0 : matched / distinct.length;
  const recall = gt.rootCauseClasses.length === 0 ? 0 : foundClasses.size / gt.rootCauseClasses.length;
  const classMembers = (index: number): string[] => gt.aliasClasses[index] ?? [];
  return {
    k: options.k ?? null,
    predictions: distinct.length,
    matched,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    rootCauseClasses: gt.rootCauseClasses.length,
    found: gt.rootCauseClasses.filter((c) => foundClasses.has(c)).map(classMembers),
    missed: gt.rootCauseClasses.filter((c) => !foundClasses.has(c)).map(classMembers),
    outcomes,
  };
}

function checkRuns(runs: readonly boolean[]): void {
  if (runs.length === 0) throw new ScoringInputError('pass@k and majority@k need at least one run');
}

/** pass@k: correct in at least one of the k runs. */
export function passAtK(runs: readonly boolean[]): boolean {
  checkRuns(runs);
  return runs.some(Boolean);
}

/** majority@k: correct in more than half of the k runs (a tie is not a majority). */
export function majorityAtK(runs: readonly boolean[]): boolean {
  checkRuns(runs);
  return runs.filter(Boolean).length * 2 > runs.length;
}

/**
 * When a run counts as correct: `all` root-cause classes found (the default, the same as any
 * for the usual single root cause) or `any` of them.
 */
export type CorrectnessCriterion = 'all' | 'any';

export function isCorrect(score: RootCauseScore, criterion: CorrectnessCriterion = 'all'): boolean {
  switch (criterion) {
    case 'all':
      return score.rootCauseClasses > 0 && score.found.length === score.rootCauseClasses;
    case 'any':
      return score.found.length > 0;
  }
}

export interface RepeatedRunsScore {
  runs: RootCauseScore[];
  correct: boolean[];
  passAtK: boolean;
  majorityAtK: boolean;
}

/** Scores k repeated runs of one scenario (each run: its ordered predictions). */
export function scoreRepeatedRuns(
  gt: GroundTruth,
  runs: readonly (readonly EntityId[])[],
  options: ScoreOptions & { criterion?: CorrectnessCriterion } = {},
): RepeatedRunsScore {
  const scores = runs.map((predictions) => scoreRootCause(gt, predictions, options));
  const correct = scores.map((s) => isCorrect(s, options.criterion));
  return { runs: scores, correct, passAtK: passAtK(correct), majorityAtK: majorityAtK(correct) };
}

import type { EntityId, Label } from '../model/index.js';
import { matchEntity, scoreRootCause, type GroundTruth } from '../scoring/index.js';
import type { LessonAnswer, ScoreCard } from './schema.js';

/** What one hint costs in points (a step agreeing with the engine is worth 1). */
export const HINT_COST = 0.25;

/** The ground truth's label for a node: a root-cause group → Origin, another group → Symptom, else Healthy. */
export function truthLabel(gt: GroundTruth, node: string): Label {
  const match = matchEntity(gt, node as EntityId);
  return match === null ? 'Healthy' : match.isRootCause ? 'Origin' : 'Symptom';
}

const ratio = (hits: number, total: number): number | null => (total === 0 ? null : hits / total);

/** Each node's last label in the attempt, in the order nodes were first answered. */
function lastLabels(answers: readonly LessonAnswer[]): Map<string, Label> {
  const last = new Map<string, Label>();
  for (const a of answers) last.set(a.node, a.label);
  return last;
}

function frontierScore(gt: GroundTruth | null, frontier: readonly string[]): { precision: number | null; recall: number | null } {
  if (!gt) return { precision: null, recall: null };
  const s = scoreRootCause(gt, frontier as EntityId[]);
  return { precision: frontier.length === 0 ? null : s.precision, recall: s.recall };
}

/**
 * The score card of an attempt. Agreement is per step (a node evaluated twice counts twice).
 * The trainee's frontier is every node whose last label was Origin; precision and recall
 * follow ITBench (core/scoring: a prediction matches a root-cause group; recall over
 * root-cause alias classes). A cited id supports the label when the engine, reaching the same
 * label at that step, cited it too: citations on a step whose label differs from the engine's
 * support nothing.
 */
export function scoreAttempt(answers: readonly LessonAnswer[], gt: GroundTruth | null, engineFrontier: readonly string[]): ScoreCard {
  const agreeing = answers.filter((a) => a.label === a.engine.label);
  const truth: Record<string, Label> = {};
  if (gt) for (const a of answers) truth[a.node] = truthLabel(gt, a.node);
  const frontier = [...lastLabels(answers)].filter(([, l]) => l === 'Origin').map(([n]) => n);
  const trainee = frontierScore(gt, frontier);
  const engine = frontierScore(gt, engineFrontier);
  let cited = 0;
  let supporting = 0;
  for (const a of answers) {
    cited += a.cited.length;
    if (a.label === a.engine.label) supporting += a.cited.filter((id) => a.engine.evidence.includes(id)).length;
  }
  const diverged = answers.find((a) => a.label !== a.engine.label);
  return {
    steps: answers.length,
    hints: answers.reduce((n, a) => n + a.hints, 0),
    agreementWithEngine: ratio(agreeing.length, answers.length),
    agreementWithTruth: gt ? ratio(answers.filter((a) => a.label === truth[a.node]).length, answers.length) : null,
    frontier,
    frontierPrecision: trainee.precision,
    frontierRecall: trainee.recall,
    engineFrontier: [...engineFrontier],
    engineFrontierPrecision: engine.precision,
    engineFrontierRecall: engine.recall,
    citationPrecision: ratio(supporting, cited),
    points: answers.reduce((p, a) => p + Math.max(0, (a.label === a.engine.label ? 1 : 0) - HINT_COST * a.hints), 0),
    firstDivergence: diverged
      ? {
          index: diverged.index,
          node: diverged.node,
          trainee: diverged.label,
          engine: diverged.engine.label,
          truth: truth[diverged.node] ?? null,
        }
      : null,
    truth,
  };
}

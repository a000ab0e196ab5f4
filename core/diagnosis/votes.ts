import { z } from 'zod';
import type { VoteCast } from '../ledger/index.js';

/**
 * The vote over K runs of one investigation (docs/voting.md), present only when it ran with
 * `--runs K` > 1: every run's root anomaly, weight (its causal graph's interpretability score,
 * else 1), the runs that agree with it and its root's score. The diagnosis it sits in is the
 * winning run's.
 */
export const DiagnosisVote = z.object({
  run: z.number().int().nonnegative(),
  /** The seed the run was varied by (run 0 is the unvaried run, seed 0). */
  seed: z.number().int().nonnegative(),
  root: z.object({ entity: z.string(), type: z.string() }).nullable(),
  weight: z.number().min(0).max(1),
  supporters: z.array(z.number().int().nonnegative()),
  score: z.number().nonnegative(),
  winner: z.boolean(),
});
export type DiagnosisVote = z.infer<typeof DiagnosisVote>;

export const votesFields = {
  /** Every run's vote, run 0 first; absent for a single run. */
  votes: z.array(DiagnosisVote).optional(),
};

/** The vote's record as the diagnosis shows it, added to the winning run's diagnosis. */
export function withVotes<D extends object>(diagnosis: D, vote: Omit<VoteCast, 'seq'>): D & { votes: DiagnosisVote[] } {
  const votes = vote.runs.map((r) => ({
    run: r.run,
    seed: r.seed,
    root: r.root,
    weight: r.weight,
    supporters: [...r.supporters],
    score: r.score,
    winner: r.run === vote.winner,
  }));
  return { ...diagnosis, votes };
}

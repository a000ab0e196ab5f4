import { z } from 'zod';

/** One run's part in a vote: what it blamed, how much its say weighs, and where its ledger is. */
export const RunVote = z.object({
  run: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
  /** The run's own ledger, a file name beside this one; null for run 0 (this ledger) or a run kept in memory. */
  ledger: z.string().nullable(),
  root: z.object({ entity: z.string(), type: z.string() }).nullable(),
  weight: z.number().min(0).max(1),
  supporters: z.array(z.number().int().nonnegative()),
  score: z.number().nonnegative(),
});
export type RunVote = z.infer<typeof RunVote>;

/**
 * The vote over K runs (docs/voting.md), recorded once in the first run's ledger after every
 * run finished. The diagnosis of this ledger is then the winner's (read from its ledger) with
 * the votes. A single run records none, so its ledger keeps its bytes.
 */
export const VoteCast = z.object({
  seq: z.number().int().nonnegative(),
  type: z.literal('VoteCast'),
  runs: z.array(RunVote).min(2),
  winner: z.number().int().nonnegative(),
});
export type VoteCast = z.infer<typeof VoteCast>;

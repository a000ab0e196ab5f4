/**
 * Voting over K independent runs of one investigation (docs/voting.md). A run's root is the
 * (entity, type) of the anomaly it blames; one run supports another when their roots agree;
 * the score of a root is the sum of the weights of the runs that hold it. Pure: the same runs
 * give the same votes and the same winner.
 */

/** The root anomaly a run blames: an entity and the kind of anomaly on it. */
export interface RunRoot {
  entity: string;
  type: string;
}

/** One run as it enters the vote: its index (0 = the first run), root (null: it blamed nothing) and weight in [0, 1]. */
export interface Ballot {
  run: number;
  root: RunRoot | null;
  weight: number;
}

export interface Vote {
  run: number;
  root: RunRoot | null;
  weight: number;
  /** The other runs whose root agrees with this one's, lowest index first. */
  supporters: number[];
  /** The sum of the weights of the runs holding this root (this run included); 0 without a root. */
  score: number;
  isWinner: boolean;
}

export interface VoteResult {
  votes: Vote[];
  /** The winning run's index. */
  winner: number;
}

const rootKey = (root: RunRoot): string => JSON.stringify([root.entity, root.type]);

/** A weight outside [0, 1] (or not a number) is clamped; NaN counts as 0. */
export function clampWeight(weight: number): number {
  return Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : weight === Infinity ? 1 : 0;
}

/**
 * Casts the vote. The winning root has the highest score; a tie goes to the root whose best
 * run has the highest single weight (the most interpretable graph), then to the root held by
 * the lowest run index. The winning run is the root's highest-weight run, lowest index first.
 * When no run blames anything, the highest-weight run wins (lowest index on a tie).
 */
export function castVotes(ballots: readonly Ballot[]): VoteResult {
  if (ballots.length === 0) throw new RangeError('castVotes needs at least one run');
  const runs = [...ballots].map((b) => ({ ...b, weight: clampWeight(b.weight) })).sort((a, b) => a.run - b.run);
  const groups = new Map<string, typeof runs>();
  for (const b of runs) {
    if (b.root === null) continue;
    const key = rootKey(b.root);
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const best = (members: typeof runs) =>
    members.reduce((top, b) => (b.weight > top.weight || (b.weight === top.weight && b.run < top.run) ? b : top));
  const candidates = [...groups.values()].map((members) => ({
    score: members.reduce((sum, b) => sum + b.weight, 0),
    top: best(members),
    first: members[0]?.run ?? 0,
  }));
  candidates.sort((a, b) => b.score - a.score || b.top.weight - a.top.weight || a.first - b.first);
  const winner = candidates[0]?.top.run ?? best(runs).run;
  const votes = runs.map((b): Vote => {
    const members = b.root === null ? [] : (groups.get(rootKey(b.root)) ?? []);
    return {
      run: b.run,
      root: b.root,
      weight: b.weight,
      supporters: members.filter((m) => m.run !== b.run).map((m) => m.run),
      score: members.reduce((sum, m) => sum + m.weight, 0),
      isWinner: b.run === winner,
    };
  });
  return { votes, winner };
}

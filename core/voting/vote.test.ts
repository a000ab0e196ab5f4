import { describe, expect, it } from 'vitest';
import { castVotes, type Ballot } from './vote.js';

const root = (entity: string, type = 'origin') => ({ entity, type });

describe('castVotes', () => {
  it('picks the root with the highest summed weight and lists each run’s supporters', () => {
    const ballots: Ballot[] = [
      { run: 0, root: root('ns/Service/a'), weight: 0.9 },
      { run: 1, root: root('ns/Service/b'), weight: 0.5 },
      { run: 2, root: root('ns/Service/b'), weight: 0.5 },
    ];
    const { votes, winner } = castVotes(ballots);
    // b: 0.5 + 0.5 = 1.0 beats a: 0.9, though a's single run is the most interpretable.
    expect(winner).toBe(1);
    expect(votes.map((v) => v.supporters)).toEqual([[], [2], [1]]);
    expect(votes.map((v) => v.score)).toEqual([0.9, 1, 1]);
    expect(votes.map((v) => v.isWinner)).toEqual([false, true, false]);
  });

  it('counts a root as (entity, type): the same entity with another type is another root', () => {
    const { votes, winner } = castVotes([
      { run: 0, root: root('ns/Service/a', 'load'), weight: 1 },
      { run: 1, root: root('ns/Service/a', 'resource'), weight: 1 },
      { run: 2, root: root('ns/Service/a', 'resource'), weight: 1 },
    ]);
    expect(winner).toBe(1);
    expect(votes[0]?.supporters).toEqual([]);
  });

  it('breaks a score tie by the most interpretable graph, then by the lowest run index', () => {
    const byWeight = castVotes([
      { run: 0, root: root('a'), weight: 0.4 },
      { run: 1, root: root('a'), weight: 0.4 },
      { run: 2, root: root('b'), weight: 0.8 },
    ]);
    expect(byWeight.winner).toBe(2);
    const byIndex = castVotes([
      { run: 0, root: root('a'), weight: 0.5 },
      { run: 1, root: root('b'), weight: 0.5 },
    ]);
    expect(byIndex.winner).toBe(0);
    const equal = castVotes([
      { run: 2, root: root('b'), weight: 1 },
      { run: 1, root: root('a'), weight: 1 },
    ]);
    expect(equal.winner).toBe(1);
    expect(equal.votes.map((v) => v.run)).toEqual([1, 2]);
  });

  it('within the winning root, the highest-weight run wins', () => {
    const { winner } = castVotes([
      { run: 0, root: root('a'), weight: 0.2 },
      { run: 1, root: root('a'), weight: 0.7 },
      { run: 2, root: root('b'), weight: 0.8 },
    ]);
    expect(winner).toBe(1);
  });

  it('gives runs that blamed nothing no score; when none blamed anything the first run wins', () => {
    const mixed = castVotes([
      { run: 0, root: null, weight: 1 },
      { run: 1, root: root('a'), weight: 0.1 },
    ]);
    expect(mixed.winner).toBe(1);
    expect(mixed.votes[0]).toMatchObject({ score: 0, supporters: [], isWinner: false });
    expect(
      castVotes([
        { run: 0, root: null, weight: 1 },
        { run: 1, root: null, weight: 1 },
      ]).winner,
    ).toBe(0);
  });

  it('clamps weights into [0, 1] and refuses an empty vote', () => {
    const { votes } = castVotes([
      { run: 0, root: root('a'), weight: Number.NaN },
      { run: 1, root: root('a'), weight: 3 },
    ]);
    expect(votes.map((v) => v.weight)).toEqual([0, 1]);
    expect(() => castVotes([])).toThrow(RangeError);
  });
});

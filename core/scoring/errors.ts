/** The text cannot be used as ground truth at all; quirks inside a usable file never throw. */
export class GroundTruthParseError extends Error {
  override name = 'GroundTruthParseError';
  constructor(source: string, problem: string) {
    super(
      `${source}: ${problem}. Expected an ITBench ground-truth YAML document with a non-empty "groups" list ` +
        '(optionally wrapped in "spec:").',
    );
  }
}

/** A scoring function was called with arguments that have no meaningful score. */
export class ScoringInputError extends Error {
  override name = 'ScoringInputError';
}

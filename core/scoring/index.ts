export { parseGroundTruth } from './parse.js';
export { matchEntity, matchCandidates, type GroupMatch, type MatchCandidate } from './match.js';
export { exampleNameForGroup } from './example.js';
export { compareSpecificity, matchGroupName, type NameMatch, type NameMatchTier } from './specificity.js';
export {
  scoreRootCause,
  scoreRepeatedRuns,
  passAtK,
  majorityAtK,
  isCorrect,
  type RootCauseScore,
  type PredictionOutcome,
  type ScoreOptions,
  type RepeatedRunsScore,
  type CorrectnessCriterion,
} from './metrics.js';
export { serviceOfPod, serviceOfEntity, nezhaAcAtK, meanNezhaAcAtK, type NezhaCase } from './nezha.js';
export { GroundTruthParseError, ScoringInputError } from './errors.js';
export type {
  GroundTruth,
  GroundTruthGroup,
  GroupFilter,
  GroundTruthAlert,
  GroundTruthPropagation,
  GroundTruthFault,
  GroundTruthWarning,
  GroundTruthWarningCode,
} from './types.js';
export { calibrationOf, type Calibration, type ReliabilityBin, type StatedOutcome } from './calibration.js';

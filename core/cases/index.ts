export {
  buildFingerprint,
  evidenceKindOf,
  Fingerprint,
  fingerprintFacets,
  type FingerprintFacet,
  type FingerprintInput,
} from './fingerprint.js';
export { DEFAULT_SIMILAR, MIN_SIMILARITY, rankSimilar, SimilarCase, type PastCase } from './similar.js';
export { CaseRecord, CaseOverride, casePrior, type CasePrior } from './record.js';

/**
 * Parsed ITBench ground truth (design §8). Plain data only, so a parsed file can be cached,
 * logged or sent over IPC; regexes are compiled on demand by the matcher.
 */

/** One filter of a group, analysed once at parse time. */
export interface GroupFilter {
  /** The filter exactly as written in the file. */
  source: string;
  /**
   * Anchored regex source `^(?:...)$` of the filter read as a regex, or of its literal text when it
   * is not a valid regex (see isInvalidRegex).
   */
  anchored: string;
  /** The filter does not compile as a regex (`*.*`, unbalanced parentheses). */
  isInvalidRegex: boolean;
  /**
   * Anchored regex source of the filter read as a shell glob (`frontend-*`, `*.*`); only set
   * when the filter looks glob-like, because real files mix the two notations.
   */
  globAnchored: string | null;
  /** The filter has no regex metacharacters: it names exactly one object. */
  isLiteral: boolean;
  /** Number of literal characters before the first metacharacter (specificity tie-breaker). */
  literalPrefix: number;
  /** Number of literal characters in the whole filter (specificity). */
  literalCount: number;
}

export interface GroundTruthGroup {
  id: string;
  kind: string;
  /** null when the group is cluster-wide or the namespace must not be checked. */
  namespace: string | null;
  name: string | null;
  filters: GroupFilter[];
  rootCause: boolean;
  /** Index into GroundTruth.aliasClasses. */
  aliasClass: number;
  /** Position in the file, the last tie-breaker. */
  order: number;
}

export interface GroundTruthAlert {
  id: string;
  groupId: string | null;
  description: string | null;
}

export interface GroundTruthPropagation {
  source: string;
  target: string;
  condition: string | null;
  effect: string | null;
}

export interface GroundTruthFault {
  category: string | null;
  condition: string | null;
  mechanism: string | null;
  entity: { groupId: string | null; kind: string | null; name: string | null } | null;
}

export type GroundTruthWarningCode =
  | 'yaml_warning'
  | 'invalid_group'
  | 'duplicate_group_id'
  | 'missing_filter'
  | 'unmatchable_group'
  | 'invalid_filter'
  | 'glob_filter'
  | 'cluster_scoped_namespace'
  | 'undefined_group_reference'
  | 'alert_without_group'
  | 'no_root_cause'
  | 'overlapping_groups'
  | 'ambiguous_groups'
  | 'unanchored_overlap';

export interface GroundTruthWarning {
  code: GroundTruthWarningCode;
  message: string;
  groupIds: string[];
}

export interface GroundTruth {
  /** File name or other label used in warnings. */
  source: string;
  groups: GroundTruthGroup[];
  /** Alias closure: each class is a list of group ids naming one thing; every group is in exactly one. */
  aliasClasses: string[][];
  /** Indexes of alias classes that contain at least one root-cause group. */
  rootCauseClasses: number[];
  alerts: GroundTruthAlert[];
  propagations: GroundTruthPropagation[];
  faults: GroundTruthFault[];
  warnings: GroundTruthWarning[];
}

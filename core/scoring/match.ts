import { parseEntityId, type EntityId, type ParsedEntityId } from '../model/ids.js';
import { isClusterScopedKind, sameKind } from './kinds.js';
import { compareSpecificity, matchGroupName, type NameMatch } from './specificity.js';
import type { GroundTruth, GroundTruthGroup } from './types.js';

/** Kubernetes object names are at most 253 characters; longer text is not an entity name. */
const MAX_NAME_LENGTH = 253;

export interface MatchCandidate {
  group: GroundTruthGroup;
  how: NameMatch;
}

export interface GroupMatch {
  entityId: EntityId;
  /** The most specific matching group (file order breaks exact ties). */
  groupId: string;
  aliasClass: number;
  /** The group's alias class holds a root-cause group. */
  isRootCause: boolean;
  how: NameMatch;
  /** Every matching group id, most specific first. */
  candidates: string[];
  /** Groups of other alias classes that match exactly as specifically as the chosen one. */
  ambiguousWith: string[];
}

export function tryParseEntityId(entityId: string): ParsedEntityId | null {
  try {
    return parseEntityId(entityId);
  } catch {
    return null;
  }
}

function namespaceAgrees(group: GroundTruthGroup, entity: ParsedEntityId): boolean {
  if (group.namespace === null || isClusterScopedKind(group.kind)) return true;
  return entity.namespace === group.namespace;
}

/** All groups the entity matches, most specific first; empty for an unparseable id. */
export function matchCandidates(gt: GroundTruth, entityId: string): MatchCandidate[] {
  const entity = tryParseEntityId(entityId);
  if (entity === null || entity.name.length > MAX_NAME_LENGTH) return [];
  const found: MatchCandidate[] = [];
  for (const group of gt.groups) {
    if (!sameKind(group.kind, entity.kind) || !namespaceAgrees(group, entity)) continue;
    const how = matchGroupName(group, entity.name);
    if (how !== null) found.push({ group, how });
  }
  return found.sort((a, b) => compareSpecificity(b.how, a.how) || a.group.order - b.group.order);
}

/** The candidates that tie with the best one. */
export function bestCandidates(candidates: readonly MatchCandidate[]): MatchCandidate[] {
  const [best] = candidates;
  if (best === undefined) return [];
  return candidates.filter((c) => compareSpecificity(c.how, best.how) === 0);
}

export function isRootCauseClass(gt: GroundTruth, aliasClass: number): boolean {
  return gt.rootCauseClasses.includes(aliasClass);
}

export function toGroupMatch(
  gt: GroundTruth,
  entityId: EntityId,
  candidates: readonly MatchCandidate[],
  chosen: MatchCandidate,
): GroupMatch {
  const ambiguousWith = bestCandidates(candidates)
    .filter((c) => c.group.aliasClass !== chosen.group.aliasClass)
    .map((c) => c.group.id);
  return {
    entityId,
    groupId: chosen.group.id,
    aliasClass: chosen.group.aliasClass,
    isRootCause: isRootCauseClass(gt, chosen.group.aliasClass),
    how: chosen.how,
    candidates: candidates.map((c) => c.group.id),
    ambiguousWith,
  };
}

/**
 * The ground-truth group a predicted `ns/Kind/name` (or `Kind/name`) names, or null. Among equally
 * specific groups a root-cause one is preferred, then file order; the others are reported in
 * `ambiguousWith`.
 */
export function matchEntity(gt: GroundTruth, entityId: EntityId): GroupMatch | null {
  const candidates = matchCandidates(gt, entityId);
  const tied = bestCandidates(candidates);
  const chosen = tied.find((c) => isRootCauseClass(gt, c.group.aliasClass)) ?? tied[0];
  return chosen === undefined ? null : toGroupMatch(gt, entityId, candidates, chosen);
}

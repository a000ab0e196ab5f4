import { matchFilter } from './filters.js';
import type { GroundTruthGroup } from './types.js';

/** How a name met a group: its exact `name`, a literal filter, a regex filter, or only a glob reading. */
export type NameMatchTier = 'name' | 'literal' | 'regex' | 'glob';

export interface NameMatch {
  tier: NameMatchTier;
  literalCount: number;
  literalPrefix: number;
  isNamespaced: boolean;
}

const TIER_RANK: Record<NameMatchTier, number> = { name: 4, literal: 3, regex: 2, glob: 1 };

/**
 * Does `name` fully match the group's name or one of its filters? Returns the most specific way
 * it does, or null. Kind and namespace are the caller's business.
 */
export function matchGroupName(group: GroundTruthGroup, name: string): NameMatch | null {
  const isNamespaced = group.namespace !== null;
  if (group.name !== null && group.name === name) {
    return { tier: 'name', literalCount: name.length, literalPrefix: name.length, isNamespaced };
  }
  let best: NameMatch | null = null;
  for (const filter of group.filters) {
    const how = matchFilter(filter, name);
    if (how === null) continue;
    const candidate: NameMatch = {
      tier: how === 'glob' ? 'glob' : filter.isLiteral ? 'literal' : 'regex',
      literalCount: filter.literalCount,
      literalPrefix: filter.literalPrefix,
      isNamespaced,
    };
    if (best === null || compareSpecificity(candidate, best) > 0) best = candidate;
  }
  return best;
}

/**
 * Positive when `a` is more specific than `b`: exact name > literal filter > regex > glob, then
 * more literal characters (`frontend-proxy-.*` beats `frontend-.*`), then a longer literal
 * prefix, then a group that pins the namespace.
 */
export function compareSpecificity(a: NameMatch, b: NameMatch): number {
  return (
    TIER_RANK[a.tier] - TIER_RANK[b.tier] ||
    a.literalCount - b.literalCount ||
    a.literalPrefix - b.literalPrefix ||
    Number(a.isNamespaced) - Number(b.isNamespaced)
  );
}

import { exampleNameForGroup } from './example.js';
import { searchesFilter } from './filters.js';
import { isClusterScopedKind, sameKind } from './kinds.js';
import { compareSpecificity, matchGroupName } from './specificity.js';
import type { GroundTruthGroup, GroundTruthWarning } from './types.js';

function canShareObjects(a: GroundTruthGroup, b: GroundTruthGroup): boolean {
  if (!sameKind(a.kind, b.kind) || a.aliasClass === b.aliasClass) return false;
  if (isClusterScopedKind(a.kind)) return true;
  return a.namespace === null || b.namespace === null || a.namespace === b.namespace;
}

/** Warning about `other` matching an object of `owner`, judged on `owner`'s example name. */
function judge(owner: GroundTruthGroup, other: GroundTruthGroup, example: string): GroundTruthWarning | null {
  const otherHow = matchGroupName(other, example);
  const ownerHow = matchGroupName(owner, example);
  const ids = [owner.id, other.id];
  if (otherHow !== null && ownerHow !== null) {
    const order = compareSpecificity(ownerHow, otherHow);
    if (order === 0) {
      return {
        code: 'ambiguous_groups',
        message: `groups ${owner.id} and ${other.id} match "${example}" equally specifically; such a prediction is reported as ambiguous and counts for a root-cause group if either is one`,
        groupIds: ids,
      };
    }
    const winner = order > 0 ? owner.id : other.id;
    return {
      code: 'overlapping_groups',
      message: `group ${other.id} also matches "${example}" of group ${owner.id}; the more specific group ${winner} wins`,
      groupIds: ids,
    };
  }
  const searched = other.filters.find((f) => searchesFilter(f, example));
  if (searched) {
    return {
      code: 'unanchored_overlap',
      message: `filter "${searched.source}" of group ${other.id} finds "${example}" (group ${owner.id}) when searched unanchored; scoring anchors filters, so it does not match there`,
      groupIds: ids,
    };
  }
  return null;
}

/**
 * Pairs of groups whose filters reach each other's objects (`frontend-.*` vs `frontend-proxy-.*`,
 * `frontend\b` vs `frontend-proxy`, identical `*.*`). Checked on synthesised example names, so a
 * pair without a synthesisable example is not reported.
 */
export function findOverlapWarnings(groups: readonly GroundTruthGroup[]): GroundTruthWarning[] {
  const warnings: GroundTruthWarning[] = [];
  const seen = new Set<string>();
  const examples = new Map(groups.map((g) => [g.id, exampleNameForGroup(g)]));
  for (const owner of groups) {
    const example = examples.get(owner.id);
    if (!example) continue;
    for (const other of groups) {
      if (other === owner || !canShareObjects(owner, other)) continue;
      const warning = judge(owner, other, example);
      if (warning === null) continue;
      // Ambiguity is symmetric: both directions find it, report it once.
      if (warning.code === 'ambiguous_groups') {
        const key = [...warning.groupIds].sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
      }
      warnings.push(warning);
    }
  }
  return warnings;
}

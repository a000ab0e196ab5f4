import { analyseFilter } from './filters.js';
import { isClusterScopedKind } from './kinds.js';
import { rawGroupSchema, type RawGroup } from './schema.js';
import type { GroundTruthGroup, GroundTruthWarning } from './types.js';

function isRootCauseFlag(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function filterSources(raw: RawGroup['filter']): string[] {
  if (raw === undefined || raw === null) return [];
  const items = Array.isArray(raw) ? raw : [raw];
  return items
    .filter((f): f is string | number => typeof f === 'string' || typeof f === 'number')
    .map(String)
    .filter((f) => f.length > 0);
}

function buildGroup(raw: RawGroup, order: number, warnings: GroundTruthWarning[]): GroundTruthGroup {
  const id = raw.id;
  let namespace = raw.namespace?.trim() || null;
  if (namespace !== null && isClusterScopedKind(raw.kind)) {
    warnings.push({
      code: 'cluster_scoped_namespace',
      message: `group ${id} is a cluster-scoped ${raw.kind} but names namespace "${namespace}"; the namespace is ignored`,
      groupIds: [id],
    });
    namespace = null;
  }
  const name = raw.name?.trim() || null;
  const filters = filterSources(raw.filter).map((source) => {
    const analysis = analyseFilter(source);
    if (analysis.isInvalidRegex) {
      warnings.push({
        code: 'invalid_filter',
        message: `filter "${source}" of group ${id} is not a valid regex; it is matched as literal text${analysis.isGlobLike ? ' and as a glob' : ''}`,
        groupIds: [id],
      });
    } else if (analysis.isGlobLike) {
      warnings.push({
        code: 'glob_filter',
        message: `filter "${source}" of group ${id} looks like a glob; it is matched both as a regex and as a glob`,
        groupIds: [id],
      });
    }
    return analysis.filter;
  });
  if (filters.length === 0) {
    warnings.push(
      name === null
        ? { code: 'unmatchable_group', message: `group ${id} has neither a filter nor a name; no prediction can match it`, groupIds: [id] }
        : { code: 'missing_filter', message: `group ${id} has no filter; it is matched by its name "${name}" only`, groupIds: [id] },
    );
  }
  return { id, kind: raw.kind, namespace, name, filters, rootCause: isRootCauseFlag(raw.root_cause), aliasClass: -1, order };
}

/** Validates groups one by one: a broken or duplicated group is skipped with a warning. */
export function buildGroups(rawGroups: readonly unknown[], warnings: GroundTruthWarning[]): GroundTruthGroup[] {
  const groups: GroundTruthGroup[] = [];
  const seen = new Set<string>();
  rawGroups.forEach((rawGroup, index) => {
    const parsed = rawGroupSchema.safeParse(rawGroup);
    if (!parsed.success) {
      warnings.push({
        code: 'invalid_group',
        message: `group #${index + 1} is skipped: it needs at least "id" and "kind"`,
        groupIds: [],
      });
      return;
    }
    const id = parsed.data.id;
    if (seen.has(id)) {
      warnings.push({
        code: 'duplicate_group_id',
        message: `group id ${id} is defined more than once; the first definition is used`,
        groupIds: [id],
      });
      return;
    }
    seen.add(id);
    groups.push(buildGroup(parsed.data, groups.length, warnings));
  });
  return groups;
}

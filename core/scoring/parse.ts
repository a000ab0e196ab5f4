import { parseDocument } from 'yaml';
import { buildAliasClasses } from './aliases.js';
import { GroundTruthParseError } from './errors.js';
import { buildGroups } from './groups.js';
import { findOverlapWarnings } from './overlap.js';
import { ReferenceChecker, readAlerts, readAliases, readFaults, readPropagations } from './references.js';
import { rawDocumentSchema } from './schema.js';
import type { GroundTruth, GroundTruthWarning } from './types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function loadYaml(text: string, source: string, warnings: GroundTruthWarning[]): unknown {
  // Duplicate keys are a quirk, not a reason to reject the file; alias expansion stays capped.
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  const [error] = doc.errors;
  if (error) throw new GroundTruthParseError(source, `not valid YAML (${error.message})`);
  for (const warning of doc.warnings) {
    warnings.push({ code: 'yaml_warning', message: warning.message, groupIds: [] });
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    throw new GroundTruthParseError(source, `unusable YAML (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

/**
 * Parses an ITBench ground-truth file (design §8). Throws GroundTruthParseError only when the
 * text is not YAML or has no usable group; every other quirk becomes a warning.
 */
export function parseGroundTruth(text: string, source = 'ground truth'): GroundTruth {
  const warnings: GroundTruthWarning[] = [];
  let root = loadYaml(text, source, warnings);
  if (isRecord(root) && isRecord(root.spec)) root = root.spec;
  if (!isRecord(root)) throw new GroundTruthParseError(source, 'the document is not a mapping');
  const raw = rawDocumentSchema.parse(root);
  if (!raw.groups || raw.groups.length === 0) throw new GroundTruthParseError(source, 'no "groups" list');

  const groups = buildGroups(raw.groups, warnings);
  if (groups.length === 0) throw new GroundTruthParseError(source, 'no group has both "id" and "kind"');

  const refs = new ReferenceChecker(new Set(groups.map((g) => g.id)));
  const aliasLists = readAliases(raw.aliases ?? [], refs);
  const alerts = readAlerts(raw.alerts ?? [], refs, warnings);
  const propagations = readPropagations(raw.propagations ?? [], refs);
  const faults = readFaults(raw.fault ?? [], refs);
  warnings.push(...refs.warnings());

  const aliasClasses = buildAliasClasses(
    groups.map((g) => g.id),
    aliasLists,
  );
  const classOf = new Map(aliasClasses.flatMap((members, index) => members.map((id) => [id, index] as const)));
  for (const group of groups) group.aliasClass = classOf.get(group.id) ?? -1;
  const rootCauseClasses = [...new Set(groups.filter((g) => g.rootCause).map((g) => g.aliasClass))].sort((a, b) => a - b);
  if (rootCauseClasses.length === 0) {
    warnings.push({ code: 'no_root_cause', message: 'no group has root_cause: true; recall is 0 for any prediction', groupIds: [] });
  }
  warnings.push(...findOverlapWarnings(groups));

  return { source, groups, aliasClasses, rootCauseClasses, alerts, propagations, faults, warnings };
}

import type { EvidenceItem } from '../model/evidence.js';
import { anchorEvidence, type CodeAnchorInput } from './anchors.js';
import { isKeyLike, parseFrames } from './match.js';
import type { CodePdg, LocatedBlock } from './model.js';

/** PRAXIS's setting: at most this many evidence entries feed one drill. */
export const maxDrillEvidence = 40;
const maxBlocks = 5;

export interface DrillAnchor extends CodeAnchorInput {
  evidence: string;
}

export interface DrilledBlock extends LocatedBlock {
  evidence: string[];
}

/** Names in a configuration diff's path that code may read as keys (`flags.adFailure.state` → `adFailure`, `state`). */
function diffKeys(path: string): string[] {
  return path.split(/[.[\]/]+/).filter((s) => s.length >= 3 && isKeyLike(s) && !/^\d+$/.test(s));
}

/** What each evidence item can be anchored by in source: flags of a diff, log templates, stopped statements, errors, frames. */
export function anchorsFromEvidence(items: readonly EvidenceItem[]): DrillAnchor[] {
  const anchors: DrillAnchor[] = [];
  for (const item of items) {
    const { detail } = item;
    switch (detail.type) {
      case 'change':
        for (const d of detail.diff) for (const key of diffKeys(d.path)) anchors.push({ kind: 'flag', text: key, evidence: item.id });
        break;
      case 'log_template':
        if (detail.isGone && detail.sequence !== undefined)
          anchors.push({ kind: 'stopped-log', text: detail.template, predecessor: detail.sequence.before, evidence: item.id });
        else anchors.push({ kind: detail.isError ? 'error' : 'log', text: detail.template, evidence: item.id });
        if (detail.example !== undefined && parseFrames(detail.example).length > 0)
          anchors.push({ kind: 'frame', text: detail.example, evidence: item.id });
        break;
      case 'log':
        anchors.push({ kind: parseFrames(item.summary).length > 0 ? 'frame' : 'error', text: item.summary, evidence: item.id });
        break;
      default:
        break;
    }
  }
  return anchors;
}

/** Merges the blocks the anchors reached by block (the evidence of every anchor that reached it), best first, at most `limit`. */
export function mergeAnchored(
  located: ReadonlyArray<{ evidence: string; blocks: readonly LocatedBlock[] }>,
  limit = maxBlocks,
): DrilledBlock[] {
  const merged = new Map<string, DrilledBlock>();
  for (const { evidence, blocks } of located)
    for (const b of blocks) {
      const key = `${b.file}:${b.startLine}:${b.endLine}:${b.kind}`;
      const old = merged.get(key);
      if (old === undefined) merged.set(key, { ...b, evidence: [evidence] });
      else {
        if (!old.evidence.includes(evidence)) old.evidence.push(evidence);
        if (b.score > old.score) merged.set(key, { ...b, evidence: old.evidence });
      }
    }
  return [...merged.values()].sort(compareDrilled).slice(0, limit);
}

/** Best first; ties go to the smaller block, then by place. */
export function compareDrilled(a: LocatedBlock, b: LocatedBlock): number {
  return (
    b.score - a.score || a.endLine - a.startLine - (b.endLine - b.startLine) || a.file.localeCompare(b.file) || a.startLine - b.startLine
  );
}

/** The strongest evidence items a drill reads (PRAXIS's K). */
export function strongestEvidence(items: readonly EvidenceItem[]): EvidenceItem[] {
  return [...items].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, maxDrillEvidence);
}

/**
 * The drill from an Origin into its service's PDG: anchor its evidence (the `maxDrillEvidence`
 * strongest items), rank the blocks each anchor reaches — along data flow, callers and
 * callees, as `locate` does — and merge them by block, best anchor first.
 */
export function drillOrigin(pdg: CodePdg, items: readonly EvidenceItem[]): { anchors: DrillAnchor[]; blocks: DrilledBlock[] } {
  const anchors = anchorsFromEvidence(strongestEvidence(items));
  const located = anchorEvidence(pdg, anchors);
  const blocks = mergeAnchored(located.map((anchor, i) => ({ evidence: (anchors[i] as DrillAnchor).evidence, blocks: anchor.blocks })));
  return { anchors: anchors.filter((a) => located.some((l, i) => anchors[i] === a && l.blocks.length > 0)), blocks };
}

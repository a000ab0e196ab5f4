import type { LocatedBlock } from '../../../core/code/index.js';

/** The acceptance's size of a block where a value changes behaviour. */
export const maxDecidingLines = 30;

export interface FlagJudgement {
  /** 1-based rank of the first block of a reading service, of at most 30 lines, where the value decides a branch or is passed on; null if none. */
  rank: number | null;
  /** 1-based rank of the expected block (file and first line), when one is given; null if absent. */
  exactRank: number | null;
  /** Blocks of services that do not read the flag ranked above the first block of one that does. */
  intruders: LocatedBlock[];
}

/** The service a root-relative path belongs to: its first folder. */
export function serviceOf(file: string): string {
  return file.split('/')[0] ?? '';
}

/**
 * Judges one flag's ranking against what a reader of the source knows: which services read
 * the flag and, when known, the deciding block.
 */
export function judgeFlag(
  blocks: readonly LocatedBlock[],
  expected: { services: readonly string[]; file?: string; line?: number },
): FlagJudgement {
  const reads = (b: LocatedBlock): boolean => expected.services.includes(serviceOf(b.file));
  const deciding = blocks.findIndex(
    (b) => reads(b) && b.endLine - b.startLine + 1 <= maxDecidingLines && /decides|is passed on/.test(b.reason),
  );
  const exact = expected.file === undefined ? -1 : blocks.findIndex((b) => b.file === expected.file && b.startLine === expected.line);
  const firstReader = blocks.findIndex(reads);
  const intruders = (firstReader === -1 ? blocks : blocks.slice(0, firstReader)).filter((b) => !reads(b));
  return { rank: deciding === -1 ? null : deciding + 1, exactRank: exact === -1 ? null : exact + 1, intruders };
}

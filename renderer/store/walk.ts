import type { LedgerEvent } from '../../core/ledger/index.js';

/** The nodes the walk evaluated up to `seq`, each once, in the order it first reached them. */
export function walkNodes(ledger: readonly LedgerEvent[], seq: number): string[] {
  const seen = new Set<string>();
  for (const e of ledger) {
    if (e.seq > seq) break;
    if (e.type === 'StepStarted') seen.add(e.node);
  }
  return [...seen];
}

/**
 * The node after (or before) `selected` in the walk; from outside the walk, its first (or last)
 * node. It stops at the ends rather than wrap, so holding the key never loops round unnoticed.
 */
export function nodeBeside(walk: readonly string[], selected: string | null, direction: 1 | -1): string | null {
  if (walk.length === 0) return null;
  const at = selected === null ? -1 : walk.indexOf(selected);
  if (at === -1) return (direction === 1 ? walk[0] : walk[walk.length - 1]) ?? null;
  return walk[Math.min(walk.length - 1, Math.max(0, at + direction))] ?? null;
}

import type { HypothesisLayerState, HypothesisNode } from '../ledger/index.js';

/** Standing = may still be the answer: neither refuted, rejected nor pruned. */
export function isStanding(h: HypothesisNode): boolean {
  return (h.status === 'open' || h.status === 'accepted') && !h.isRejected;
}

/** Pinned first, then confidence, then age: the order "most confident among siblings" means. */
export function compareHypotheses(a: HypothesisNode, b: HypothesisNode): number {
  return Number(b.isPinned) - Number(a.isPinned) || b.confidence - a.confidence || a.seq - b.seq;
}

/** Standing hypotheses sharing `parent` (null: the roots), best first. */
export function rankedChildren(layer: HypothesisLayerState, parent: string | null): HypothesisNode[] {
  return [...layer.hypotheses.values()].filter((h) => h.parent === parent && isStanding(h)).sort(compareHypotheses);
}

export function childrenOf(layer: HypothesisLayerState, parent: string): HypothesisNode[] {
  return [...layer.hypotheses.values()].filter((h) => h.parent === parent).sort((a, b) => a.seq - b.seq);
}

/** The path from the root down to `node`, root first. */
export function chainOf(layer: HypothesisLayerState, node: HypothesisNode): HypothesisNode[] {
  const chain: HypothesisNode[] = [];
  let current: HypothesisNode | undefined = node;
  while (current) {
    chain.unshift(current);
    current = current.parent === null ? undefined : layer.hypotheses.get(current.parent);
  }
  return chain;
}

/** The next free id: h1, h2, … in creation order, so replays name hypotheses identically. */
export function nextHypothesisId(layer: HypothesisLayerState): string {
  return `h${layer.hypotheses.size + 1}`;
}

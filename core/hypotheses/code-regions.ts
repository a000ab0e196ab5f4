import type { CodeBlockRef, InvestigationState, NewLedgerEvent } from '../ledger/index.js';
import { childrenOf, compareHypotheses, isStanding } from './tree.js';

/** At most this many code regions refine one mechanism: the code layer's best blocks. */
export const maxCodeRegions = 3;

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

function statementOf(b: CodeBlockRef): string {
  // Through a change (a ConfigMap's flag), the region is in the code of the service that reads it.
  const where = b.service === undefined ? '' : `${b.service} `;
  return `code region ${where}${b.file}:${b.startLine}-${b.endLine} in ${b.function || '(module)'}: ${b.reason}`;
}

/**
 * Level 4 of the hypothesis layer (docs/hypotheses.md, docs/code-layer.md): an accepted
 * mechanism (level 3) whose entity the code layer drilled is refined into its code regions —
 * the drill's best blocks, each supported by the evidence its anchors came from, with the
 * mechanism's confidence scaled by the block's score — and the best standing one is accepted.
 * Pure and idempotent: regions are refined once per mechanism; a later run only re-accepts.
 */
export function codeRegionEvents(state: InvestigationState): NewLedgerEvent[] {
  if (!state.settings?.hypotheses) return [];
  const layer = state.hypotheses;
  const events: NewLedgerEvent[] = [];
  let next = layer.hypotheses.size + 1;
  const mechanisms = [...layer.hypotheses.values()]
    .filter((h) => h.level === 3 && h.status === 'accepted' && h.entity !== null)
    .sort((a, b) => a.seq - b.seq);
  for (const m of mechanisms) {
    const drilled = state.code.get(m.entity as string);
    if (drilled === undefined || drilled.blocks.length === 0) continue;
    const regions = childrenOf(layer, m.id).filter((c) => c.level === 4);
    if (regions.length === 0) {
      // In the drill's order (its first block is the one chosen): the mechanism's confidence scaled
      // by each block's score, never above the block before it.
      let ceiling = m.confidence;
      drilled.blocks.slice(0, maxCodeRegions).forEach((b, i) => {
        const id = `h${next++}`;
        const confidence = round(Math.min(ceiling, i === 0 ? m.confidence * Math.max(b.score, 0.5) : m.confidence * b.score));
        ceiling = confidence;
        const body = { id, level: 4, cause: m.cause, statement: statementOf(b), entity: m.entity };
        events.push({ type: 'HypothesisRefined', ...body, parent: m.id, confidence: 0 });
        // Support: the evidence whose anchors led to the block, once each.
        events.push({ type: 'HypothesisSupported', id, evidence: [...new Set(b.evidence)], confidence });
        if (i === 0) events.push({ type: 'HypothesisAccepted', id });
      });
      continue;
    }
    const standing = regions.filter(isStanding).sort(compareHypotheses);
    const best = standing[0];
    if (best !== undefined && !standing.some((h) => h.status === 'accepted')) events.push({ type: 'HypothesisAccepted', id: best.id });
  }
  return events;
}

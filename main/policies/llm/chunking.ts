import type { EvidenceItem } from '../../../core/model/index.js';
import type { TokenCounter } from '../../../core/context/index.js';
import { embedJson } from './prompts.js';

export interface Pagination {
  chunks: EvidenceItem[][];
  /** Items larger than a whole chunk on their own: left out, and said so in the notes. */
  oversized: EvidenceItem[];
}

/**
 * Token-aware pagination: packs evidence, in packet order (best first), into chunks whose
 * embedded JSON fits `budget` tokens. Deterministic for the same packet and budget.
 */
export function paginateEvidence(items: readonly EvidenceItem[], budget: number, count: TokenCounter): Pagination {
  const chunks: EvidenceItem[][] = [];
  const oversized: EvidenceItem[] = [];
  let current: EvidenceItem[] = [];
  let used = 2;
  for (const item of items) {
    // +1 for the separating comma; brackets are in the starting `used`.
    const cost = count(embedJson(item)) + 1;
    if (cost + 2 > budget) {
      oversized.push(item);
      continue;
    }
    if (used + cost > budget && current.length > 0) {
      chunks.push(current);
      current = [];
      used = 2;
    }
    current.push(item);
    used += cost;
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, oversized };
}

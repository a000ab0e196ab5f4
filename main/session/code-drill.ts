import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drillOrigin } from '../../core/code/index.js';
import type { CodeBlockRef, InvestigationState, NewLedgerEvent } from '../../core/ledger/index.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import { codeEntryFor } from '../../core/snapshot/code.js';
import { buildServicePdg, type BundleCode } from '../code/index.js';
import type { EvidenceStore } from '../store/index.js';
import { walkOrigin, type CodeWalker } from './code-walk.js';

const maxSnippetLines = 40;

function snippetOf(root: string, file: string, start: number, end: number): string {
  try {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    return lines.slice(start - 1, Math.min(end, start - 1 + maxSnippetLines)).join('\n');
  } catch {
    return '';
  }
}

/** The evidence an Origin was judged on: what its latest packet held and what its belief cites. */
function evidenceOf(state: InvestigationState, store: EvidenceStore, node: string): EvidenceItem[] {
  const entry = state.nodes.get(node);
  const ids = new Set([...(entry?.packetEvidence.keys() ?? []), ...(entry?.belief?.evidence ?? [])]);
  return [...ids].flatMap((id) => store.evidenceById(id) ?? []);
}

/**
 * The code layer's drill for every Origin of a finished walk whose service the bundle has
 * source for (docs/code-layer.md): one CodeDrilled event each, in frontier order. With a
 * `walker` (the LLM policy) the model walks each Origin's code from the ranking's best block,
 * recorded as ModelCalled and CodeStep events before its CodeDrilled.
 */
export async function drillOrigins(
  state: InvestigationState,
  store: EvidenceStore,
  code: BundleCode,
  walker: CodeWalker | null = null,
): Promise<NewLedgerEvent[]> {
  const events: NewLedgerEvent[] = [];
  for (const node of state.finished?.frontier ?? []) {
    const entry = codeEntryFor(code.map, node);
    if (entry === null) continue;
    const root = code.resolve(entry.root);
    const pdg = await buildServicePdg(root);
    const items = evidenceOf(state, store, node);
    const drilled = drillOrigin(pdg, items);
    const { anchors, blocks } = drilled;
    let refs: CodeBlockRef[] = blocks.map((b) => ({
      file: b.file,
      function: b.function,
      startLine: b.startLine,
      endLine: b.endLine,
      level: b.level,
      score: b.score,
      reason: b.reason,
      evidence: b.evidence,
      snippet: snippetOf(root, b.file, b.startLine, b.endLine),
    }));
    let chosenBy: { chosenBy: 'model' | 'heuristic' } | object = {};
    if (walker !== null && blocks.length > 0) {
      const sourceOf = (b: { file: string; startLine: number; endLine: number }): string[] =>
        snippetOf(root, b.file, b.startLine, b.endLine).split('\n');
      const walked = await walkOrigin(node, pdg, drilled, items, refs, walker, sourceOf);
      events.push(...walked.events);
      refs = walked.blocks;
      chosenBy = { chosenBy: walked.chosenBy };
    }
    events.push({
      type: 'CodeDrilled',
      node,
      status: anchors.length === 0 ? 'no-anchor' : refs.length === 0 ? 'no-match' : 'located',
      root: entry.root,
      commit: entry.commit ?? null,
      anchors: anchors.map((a) => ({ kind: a.kind, text: a.text, evidence: a.evidence })),
      blocks: refs,
      warnings: pdg.warnings.map((w) => `${w.file}: ${w.message}`),
      ...chosenBy,
    });
  }
  return events;
}

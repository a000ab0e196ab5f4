import type { EvidenceItem } from '../model/evidence.js';
import { maxDrillEvidence, type DrillAnchor, type DrilledBlock } from './drill.js';
import type { CodeBlock, CodePdg } from './model.js';
import { PdgIndex } from './pdg.js';
import type { DependencyTarget, DependencyVia } from './dependencies.js';

/**
 * The LLM policy's walk through an Origin's code (docs/code-layer.md): one block's bounded local
 * context at a time, the model answers one action; only admissible neighbours and evidence of
 * that context are accepted, anything else is rejected and the heuristic ranking decides the
 * step. The walk never stops for a bad answer; it is bounded by `maxWalkSteps`.
 */
export const maxWalkSteps = 8;
const maxNeighbours = 30;
const maxAnchorChars = 160;
const maxSummaryChars = 200;

export type CodeAction =
  | { action: 'expand'; block: string }
  | { action: 'select'; block: string; reason: string; evidence: string[] }
  | { action: 'stop'; reason: string }
  | { action: 'cross'; entity: string; block: string; reason: string; evidence: string[] };

export type Relation = 'parent' | 'child' | 'caller' | 'callee' | 'data-from' | 'data-to';

/** What the model sees of one block: its lines (quoted data), anchors, neighbours and evidence. */
export interface CodeStepContext {
  step: number;
  stepsLeft: number;
  block: { id: string; file: string; name: string; level: string; kind: string; lines: string; ranked: string | null };
  source: string[];
  anchors: Array<{ kind: string; text: string; evidence: string }>;
  neighbours: Array<{ id: string; relation: Relation; description: string }>;
  evidence: Array<{ id: string; type: string; summary: string }>;
  /**
   * Entities of the service graph this block or a neighbour names in its code and nothing links
   * the Origin to (docs/code-layer.md, "Crossing back"): what a `cross` may name.
   */
  dependencies: Array<{ entity: string; block: string; line: number; via: DependencyVia; text: string }>;
}

/** The model's answer to one context: an action, or why there is none (endpoint fault, unusable reply). */
export type CodeChooser = (context: CodeStepContext) => Promise<{ choice: CodeAction | null; error: string | null }>;

export interface WalkStep {
  step: number;
  at: CodeBlock;
  by: 'model' | 'heuristic';
  action: CodeAction['action'];
  target: CodeBlock | null;
  reason: string;
  evidence: string[];
  rejected: string | null;
  /** The entity a `cross` names. */
  entity?: string;
}

/** A crossing the model proposed and the checks passed: the entity, the reference cited (file:line) and why. */
export interface WalkCrossing {
  target: DependencyTarget;
  reason: string;
  evidence: string[];
}

export interface WalkResult {
  steps: WalkStep[];
  crossings: WalkCrossing[];
  /** Why the walk ended before it finished (deadline, stop), or null. */
  interrupted: string | null;
  /** The block selected and by whom; null when the walk ended without one (the ranking stands). */
  selected: { block: CodeBlock; by: 'model' | 'heuristic'; reason: string; evidence: string[] } | null;
}

export interface WalkInput {
  pdg: CodePdg;
  anchors: readonly DrillAnchor[];
  ranked: readonly DrilledBlock[];
  items: readonly EvidenceItem[];
  /** The block's source lines (main reads the files). */
  sourceOf: (block: CodeBlock) => string[];
  choose: CodeChooser;
  /** Told of each step as it is taken (the ledger records it after that step's exchanges). */
  onStep?: (step: WalkStep) => void;
  /** The checked references of these blocks to entities the Origin is not linked to (none when omitted). */
  dependencies?: (blocks: readonly CodeBlock[]) => DependencyTarget[];
  /** Asked before every step: why the walk must end now (deadline, stop), or null to go on. */
  shouldStop?: () => string | null;
}

const idOf = (b: CodeBlock): string => `B${b.id}`;

function describe(b: CodeBlock): string {
  return `${b.level} ${b.name || '(anonymous)'} ${b.kind} ${b.file}:${b.startLine}-${b.endLine}`;
}

/** Parent, children, callers, callees and data dependencies of a block, each once (first relation wins). */
export function neighboursOf(index: PdgIndex, block: CodeBlock): Array<{ block: CodeBlock; relation: Relation }> {
  const out = new Map<number, Relation>();
  const add = (id: number, relation: Relation): void => {
    if (id !== block.id && !out.has(id)) out.set(id, relation);
  };
  if (block.parent !== null) add(block.parent, 'parent');
  for (const e of index.pdg.edges) {
    if (e.kind === 'control' && e.from === block.id) add(e.to, 'child');
    else if (e.kind === 'call' && e.from === block.id) add(e.to, 'callee');
    else if (e.kind === 'call' && e.to === block.id) add(e.from, 'caller');
    else if (e.kind === 'data' && e.to === block.id) add(e.from, 'data-from');
    else if (e.kind === 'data' && e.from === block.id) add(e.to, 'data-to');
  }
  return [...out].slice(0, maxNeighbours).map(([id, relation]) => ({ block: index.block(id), relation }));
}

function sameBlock(b: CodeBlock, r: DrilledBlock): boolean {
  return b.file === r.file && b.startLine === r.startLine && b.endLine === r.endLine && b.level === r.level && b.kind === r.kind;
}

/** The walk: starts on the ranking's best block; ends on a selection, a stop, a dead end or the step cap. */
export async function walkCode(input: WalkInput): Promise<WalkResult> {
  const { pdg, ranked, choose } = input;
  const index = new PdgIndex(pdg);
  const rankOf = (b: CodeBlock): number => ranked.findIndex((r) => sameBlock(b, r));
  // The best ranked block of the PDG (a statement the value is passed to is a region, not a block to walk from).
  const start = ranked.map((r) => pdg.blocks.find((b) => sameBlock(b, r))).find((b) => b !== undefined);
  const result: WalkResult = { steps: [], crossings: [], selected: null, interrupted: null };
  const record = (s: WalkStep): void => {
    result.steps.push(s);
    input.onStep?.(s);
  };
  if (start === undefined) return result;
  const strongest = [...input.items].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, maxDrillEvidence);
  const evidence = strongest.map((e) => ({ id: e.id, type: e.detail.type, summary: e.summary.slice(0, maxSummaryChars) }));
  let at = start;
  for (let step = 0; step < maxWalkSteps; step++) {
    result.interrupted = input.shouldStop?.() ?? null;
    if (result.interrupted !== null) return result;
    const neighbours = neighboursOf(index, at);
    const targets = input.dependencies?.([at, ...neighbours.map((n) => n.block)]) ?? [];
    const rank = rankOf(at);
    const mine = rank < 0 ? [] : (ranked[rank] as DrilledBlock).evidence;
    const context: CodeStepContext = {
      step,
      stepsLeft: maxWalkSteps - step - 1,
      block: {
        id: idOf(at),
        file: at.file,
        name: at.name,
        level: at.level,
        kind: at.kind,
        lines: `${at.startLine}-${at.endLine}`,
        ranked: rank < 0 ? null : `#${rank + 1} of the heuristic ranking: ${(ranked[rank] as DrilledBlock).reason}`,
      },
      source: input.sourceOf(at),
      anchors: input.anchors
        .filter((a) => mine.includes(a.evidence))
        .map((a) => ({ kind: a.kind, text: a.text.slice(0, maxAnchorChars), evidence: a.evidence })),
      neighbours: neighbours.map((n) => ({ id: idOf(n.block), relation: n.relation, description: describe(n.block) })),
      evidence,
      dependencies: targets.map((t) => ({ entity: t.entity, block: `B${t.block}`, line: t.line, via: t.via, text: t.text })),
    };
    const answer = await choose(context);
    // Stopped while the policy answered (its request cut): that step is not taken, the ranking stands.
    result.interrupted = input.shouldStop?.() ?? null;
    if (result.interrupted !== null) return result;
    const rejected = answer.choice === null ? (answer.error ?? 'no usable answer') : inadmissible(answer.choice, context);
    if (answer.choice !== null && rejected === null) {
      const choice = answer.choice;
      const target = choice.action === 'stop' ? null : (pdg.blocks[Number(choice.block.slice(1))] as CodeBlock);
      const reason = choice.action === 'expand' ? '' : choice.reason;
      const cited = choice.action === 'select' || choice.action === 'cross' ? choice.evidence : [];
      if (choice.action === 'cross') {
        const ref = targets.find((t) => t.entity === choice.entity && `B${t.block}` === choice.block) as DependencyTarget;
        record({ step, at, by: 'model', action: 'cross', target, reason, evidence: cited, rejected: null, entity: choice.entity });
        result.crossings.push({ target: ref, reason, evidence: cited });
        return result;
      }
      record({ step, at, by: 'model', action: choice.action, target, reason, evidence: cited, rejected: null });
      if (choice.action === 'select' && target) result.selected = { block: target, by: 'model', reason, evidence: cited };
      if (choice.action !== 'expand' || target === null) return result;
      at = target;
      continue;
    }
    // The heuristic ranking decides this step: select a ranked block, else move to the best-ranked neighbour.
    const base = { step, at, by: 'heuristic' as const, rejected };
    if (rank >= 0) {
      const r = ranked[rank] as DrilledBlock;
      record({ ...base, action: 'select', target: at, reason: r.reason, evidence: r.evidence });
      result.selected = { block: at, by: 'heuristic', reason: r.reason, evidence: r.evidence };
      return result;
    }
    const next = neighbours
      .map((n) => ({ block: n.block, rank: rankOf(n.block) }))
      .filter((n) => n.rank >= 0)
      .sort((a, b) => a.rank - b.rank)[0];
    if (next === undefined) {
      record({ ...base, action: 'stop', target: null, reason: 'no ranked block nearby; the ranking stands', evidence: [] });
      return result;
    }
    record({ ...base, action: 'expand', target: next.block, reason: 'nearest ranked block', evidence: [] });
    at = next.block;
  }
  return result;
}

/** Why an answer cannot be taken in this context, or null when it can. */
export function inadmissible(choice: CodeAction, context: CodeStepContext): string | null {
  if (choice.action === 'stop') return null;
  const neighbour = context.neighbours.some((n) => n.id === choice.block);
  if (choice.action === 'cross') {
    if (!neighbour && choice.block !== context.block.id) return `block ${clip(choice.block)} is neither this block nor a neighbour`;
    if (!context.dependencies.some((d) => d.entity === choice.entity && d.block === choice.block))
      return `block ${clip(choice.block)} names no dependency ${clip(choice.entity)} the investigation lacks`;
    const known = new Set(context.evidence.map((e) => e.id));
    const invented = choice.evidence.filter((id) => !known.has(id));
    return invented.length === 0 ? null : `evidence ${invented.slice(0, 3).map(clip).join(', ')} not in the context`;
  }
  if (choice.action === 'expand') return neighbour ? null : `block ${clip(choice.block)} is not an admissible neighbour`;
  if (!neighbour && choice.block !== context.block.id) return `block ${clip(choice.block)} is neither this block nor a neighbour`;
  if (choice.evidence.length === 0) return 'a selection must cite evidence';
  const known = new Set(context.evidence.map((e) => e.id));
  const invented = choice.evidence.filter((id) => !known.has(id));
  return invented.length === 0 ? null : `evidence ${invented.slice(0, 3).map(clip).join(', ')} not in the context`;
}

function clip(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

import {
  walkCode,
  type CodeBlock,
  type CodePdg,
  type DependencyTarget,
  type DrillAnchor,
  type DrilledBlock,
  type WalkCrossing,
  type WalkStep,
} from '../../core/code/index.js';
import type { CodeBlockRef, CodeStepBlock, NewLedgerEvent } from '../../core/ledger/index.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import type { CodeStepAnswer } from '../policies/llm/index.js';
import type { CodeStepContext } from '../../core/code/index.js';

/** The policy's step of the walk (the LLM policy's `codeStep`). */
export type CodeWalker = (node: string, context: CodeStepContext) => Promise<CodeStepAnswer>;

const maxBlocks = 5;

function stepBlock(b: CodeBlock): CodeStepBlock {
  return { file: b.file, function: b.name, startLine: b.startLine, endLine: b.endLine };
}

function stepEvent(node: string, s: WalkStep): NewLedgerEvent {
  return {
    type: 'CodeStep',
    node,
    step: s.step,
    at: stepBlock(s.at),
    by: s.by,
    action: s.action,
    block: s.target === null ? null : stepBlock(s.target),
    reason: s.reason,
    evidence: s.evidence,
    rejected: s.rejected,
    ...(s.entity === undefined ? {} : { entity: s.entity }),
  };
}

export interface WalkedDrill {
  /** ModelCalled and CodeStep events, in the order they happened. */
  events: NewLedgerEvent[];
  blocks: CodeBlockRef[];
  chosenBy: 'model' | 'heuristic';
  /** Dependencies the model crossed to (checked: the block names the entity). */
  crossings: WalkCrossing[];
  /** Why the walk ended early, or null. */
  interrupted: string | null;
}

export interface WalkOptions {
  walker: CodeWalker;
  sourceOf: (block: CodeBlock) => string[];
  dependencies: (blocks: readonly CodeBlock[]) => DependencyTarget[];
  shouldStop: () => string | null;
}

/**
 * The LLM policy's walk over one Origin's PDG (core/code/walk.ts): the model's exchanges and
 * steps as ledger events, and the blocks with the selected one first (the ranking after it).
 * A walk that selects nothing leaves the heuristic ranking as it was; an interrupted one keeps
 * the steps it took.
 */
export async function walkOrigin(
  node: string,
  pdg: CodePdg,
  drilled: { anchors: DrillAnchor[]; blocks: DrilledBlock[] },
  items: readonly EvidenceItem[],
  refs: CodeBlockRef[],
  options: WalkOptions,
): Promise<WalkedDrill> {
  const events: NewLedgerEvent[] = [];
  const { walker, sourceOf } = options;
  const walked = await walkCode({
    pdg,
    anchors: drilled.anchors,
    ranked: drilled.blocks,
    items,
    sourceOf,
    dependencies: options.dependencies,
    shouldStop: options.shouldStop,
    choose: async (context) => {
      const answer = await walker(node, context);
      for (const call of answer.calls) events.push({ type: 'ModelCalled', ...call });
      return { choice: answer.choice, error: answer.error };
    },
    onStep: (s) => events.push(stepEvent(node, s)),
  });
  const { crossings, interrupted } = walked;
  const selected = walked.selected;
  if (selected === null) return { events, blocks: refs, chosenBy: 'heuristic', crossings, interrupted };
  const b = selected.block;
  const same = (r: CodeBlockRef): boolean =>
    r.file === b.file && r.startLine === b.startLine && r.endLine === b.endLine && r.level === b.level;
  const ranked = refs.find(same);
  const first: CodeBlockRef = {
    file: b.file,
    function: b.name,
    startLine: b.startLine,
    endLine: b.endLine,
    level: b.level,
    score: ranked?.score ?? 0,
    reason: selected.by === 'model' ? `selected by the model: ${selected.reason}` : selected.reason,
    evidence: selected.evidence,
    snippet: ranked?.snippet ?? sourceOf(b).join('\n'),
  };
  const blocks = [first, ...refs.filter((r) => !same(r))].slice(0, maxBlocks);
  return { events, blocks, chosenBy: selected.by, crossings, interrupted };
}

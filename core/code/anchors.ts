import { locate, locatedBlock } from './locate.js';
import type { CodeBlock, CodePdg, LocatedBlock } from './model.js';
import { PdgIndex } from './pdg.js';

/** The kinds of evidence the code layer anchors in source. */
export const codeAnchorKinds = ['log', 'span', 'frame', 'flag', 'error', 'stopped-log'] as const;
export type CodeAnchorKind = (typeof codeAnchorKinds)[number];

export interface CodeAnchorInput {
  kind: CodeAnchorKind;
  /** The log template, span or operation name, stack frame, flag name or error message. */
  text: string;
  /** For a stopped log statement: the statement that used to run just before it. */
  predecessor?: string;
}

export interface CodeAnchor {
  kind: CodeAnchorKind;
  text: string;
  blocks: LocatedBlock[];
}

const perAnchor = 5;

/** Candidate texts of a span or operation name: itself, then its last path or dotted segment (`svc.Service/GetAds` → `GetAds`). */
function spanNames(text: string): string[] {
  const segments = text.split(/[\s/.#:]+/).filter((s) => s.length >= 3);
  const last = segments[segments.length - 1];
  return last === undefined || last === text ? [text] : [text, last];
}

function blockOf(index: PdgIndex, at: LocatedBlock): CodeBlock | null {
  return (
    index.pdg.blocks.find((b) => b.file === at.file && b.startLine === at.startLine && b.endLine === at.endLine && b.kind === at.kind) ??
    null
  );
}

/**
 * A log statement that stopped appearing: the block that contains it and the blocks between
 * it and the statement that used to precede it, in the same function — the branches and
 * loops entered after the predecessor ran that enclose the stopped statement, and those that
 * run in between: where control must have turned away.
 */
function stoppedLog(pdg: CodePdg, input: CodeAnchorInput): LocatedBlock[] {
  const site = locate(pdg, input.text, { limit: 1 })[0];
  if (site === undefined) return [];
  const out: LocatedBlock[] = [{ ...site, reason: `contains the stopped statement: ${site.reason}` }];
  const before = input.predecessor === undefined ? undefined : locate(pdg, input.predecessor, { limit: 1 })[0];
  const index = new PdgIndex(pdg);
  const block = blockOf(index, site);
  if (before === undefined || block === null || before.file !== site.file) return out;
  const from = before.line ?? before.startLine;
  const to = site.line ?? site.startLine;
  if (from >= to) return out;
  for (let at = block.parent; at !== null; at = index.block(at).parent) {
    const b = index.block(at);
    if (b.level !== 'block') break;
    if (b.startLine > from)
      out.push(locatedBlock(b, site.score * 0.9, `entered after the preceding statement (line ${from}) and encloses the stopped one`));
  }
  const fn = index.enclosingFunction[block.id] ?? null;
  for (const b of pdg.blocks)
    if (
      b.level === 'block' &&
      b.startLine > from &&
      b.endLine < to &&
      fn !== null &&
      index.contains(fn, b.id) &&
      !index.contains(b.id, block.id)
    )
      out.push(locatedBlock(b, site.score * 0.8, `runs between the preceding statement (line ${from}) and the stopped one (line ${to})`));
  return out;
}

function anchorOne(pdg: CodePdg, input: CodeAnchorInput): LocatedBlock[] {
  switch (input.kind) {
    case 'log':
    case 'error':
    case 'frame':
    case 'flag':
      return locate(pdg, input.text, { limit: perAnchor });
    case 'span': {
      for (const name of spanNames(input.text)) {
        const found = locate(pdg, name, { limit: perAnchor });
        if (found.length > 0) return found;
      }
      return [];
    }
    case 'stopped-log':
      return stoppedLog(pdg, input).slice(0, perAnchor);
  }
}

/** Anchors each piece of evidence in the service's PDG; evidence that meets no code gets no blocks. */
export function anchorEvidence(pdg: CodePdg, inputs: readonly CodeAnchorInput[]): CodeAnchor[] {
  return inputs.map((input) => ({ kind: input.kind, text: input.text, blocks: anchorOne(pdg, input) }));
}

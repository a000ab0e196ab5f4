import type { CodeBlock, CodePdg, LocatedBlock } from './model.js';
import { followValue, type FactRef } from './flow.js';
import { frameMatchesFile, isKeyLike, mentionsKey, messageStrength, normalizeName, parseFrames } from './match.js';
import { PdgIndex } from './pdg.js';

export interface LocateOptions {
  /** How many blocks to return (default 10). */
  limit?: number;
}

/** A read site ranks below the branch its value decides; a decision loses a little per step of flow. */
const readWeight = 0.7;
const mentionWeight = 0.5;
const stepDecay = 0.95;

interface Hit {
  score: number;
  reason: string;
  line?: number;
}

class Hits {
  private readonly best = new Map<number, Hit>();
  add(block: number, score: number, reason: string, line?: number): void {
    const old = this.best.get(block);
    if (old === undefined || score > old.score) this.best.set(block, line === undefined ? { score, reason } : { score, reason, line });
  }
  entries(): [number, Hit][] {
    return [...this.best.entries()];
  }
}

function where(b: CodeBlock, line: number): string {
  return `${b.file}:${line}`;
}

function locateFrames(index: PdgIndex, text: string, hits: Hits): void {
  for (const frame of parseFrames(text)) {
    let innermost: CodeBlock | null = null;
    for (const b of index.pdg.blocks)
      if (frameMatchesFile(frame, b.file) && b.startLine <= frame.line && frame.line <= b.endLine) innermost = b;
    if (innermost === null) continue;
    hits.add(innermost.id, 1, `stack frame ${frame.path}:${frame.line} is in this ${innermost.kind}`, frame.line);
    const fn = index.enclosingFunction[innermost.id];
    if (fn !== null && fn !== undefined && fn !== innermost.id)
      hits.add(fn, 0.8, `function of stack frame ${frame.path}:${frame.line}`, frame.line);
  }
}

/** Literal and identifier matches: the reads of a key, the sites of a message. */
function locateText(index: PdgIndex, text: string, hits: Hits): FactRef[] {
  const key = isKeyLike(text);
  const wanted = normalizeName(text);
  const reads: FactRef[] = [];
  for (const b of index.pdg.blocks) {
    if (key && b.level === 'function' && wanted.length >= 3 && normalizeName(b.name) === wanted)
      hits.add(b.id, 0.9 * readWeight, `function ${b.name} is named like "${text}"`);
    b.facts.forEach((f, i) => {
      if (key) {
        const exact = f.strings.includes(text) ? `literal "${text}"` : null;
        const ident = exact === null && wanted.length >= 3 ? f.uses.concat(f.defines).find((u) => normalizeName(u) === wanted) : undefined;
        if (exact !== null || ident !== undefined) {
          reads.push({ block: b.id, fact: i });
          hits.add(b.id, readWeight, `reads ${exact ?? `${ident} (named like "${text}")`} at ${where(b, f.line)}`, f.line);
        } else if (f.strings.some((s) => mentionsKey(s, text)))
          hits.add(b.id, mentionWeight, `mentions "${text}" at ${where(b, f.line)}`, f.line);
        return;
      }
      const candidates = f.strings.length > 1 ? [...f.strings, f.strings.join(' <*> ')] : f.strings;
      const strength = Math.max(0, ...candidates.map((s) => messageStrength(s, text)));
      if (strength > 0) hits.add(b.id, strength, `message written at ${where(b, f.line)} (match ${strength.toFixed(2)})`, f.line);
    });
  }
  return reads;
}

/**
 * The blocks of a service's PDG that a piece of evidence points to, best first: the block
 * of a stack frame; the sites of a log message or error text; for a key (a flag or config
 * name), the branches whose condition its value decides — followed through assignments,
 * named constants, accessor functions and parameters — above the reads themselves.
 */
export function locate(pdg: CodePdg, text: string, options: LocateOptions = {}): LocatedBlock[] {
  const index = new PdgIndex(pdg);
  const hits = new Hits();
  const query = text.trim();
  if (query === '') return [];
  locateFrames(index, query, hits);
  const reads = locateText(index, query, hits);
  for (const r of followValue(index, reads)) {
    const b = index.block(r.block);
    const fact = b.facts[r.fact];
    if (fact?.kind !== 'condition') continue;
    const via = r.via === '' ? '' : ` through ${r.via}`;
    hits.add(
      b.id,
      stepDecay ** r.distance,
      `the value of "${query}" decides this ${b.kind} at ${where(b, fact.line)}${via} (${r.distance} step${r.distance === 1 ? '' : 's'} of data flow)`,
    );
  }
  return hits
    .entries()
    .map(([id, h]) => ({ b: index.block(id), ...h }))
    .sort(
      (x, y) =>
        y.score - x.score ||
        x.b.endLine - x.b.startLine - (y.b.endLine - y.b.startLine) ||
        x.b.file.localeCompare(y.b.file) ||
        x.b.startLine - y.b.startLine,
    )
    .slice(0, options.limit ?? 10)
    .map(({ b, score, reason, line }) => locatedBlock(b, Math.round(score * 1000) / 1000, reason, line));
}

/** A block as `eog code locate` and the anchors report it. */
export function locatedBlock(b: CodeBlock, score: number, reason: string, line?: number): LocatedBlock {
  return {
    file: b.file,
    function: b.name === '' ? '(top level)' : b.name,
    startLine: b.startLine,
    endLine: b.endLine,
    level: b.level,
    kind: b.kind,
    score,
    reason,
    ...(line === undefined ? {} : { line }),
  };
}

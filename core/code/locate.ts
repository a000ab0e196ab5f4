import type { CodeBlock, CodeFact, CodePdg, LocatedBlock } from './model.js';
import { calleesPassed, followFlag, isBinding, type FlowStart, type Reached } from './flow.js';
import { frameMatchesFile, isKeyLike, mentionsKey, messageStrength, normalizeName, parseFrames } from './match.js';
import { PdgIndex } from './pdg.js';

export interface LocateOptions {
  /** How many blocks to return (default 10). */
  limit?: number;
  /**
   * Only where the code reads the key: a call evaluates it by name (its literal, or a name bound
   * to its literal) and its value is kept, passed on or decides a branch — those reads and the
   * branches and calls the value reaches. No identifier merely named like the key, no key only
   * listed, compared, mentioned or never evaluated. The drill through a configuration change
   * (docs/code-layer.md) asks this of each service the change acts on: a name like `state` or
   * `flags` in a changed path must not make an unrelated variable of that name a read.
   */
  readsOnly?: boolean;
}

/**
 * What the code does with a flag, best first: its value decides a branch (1, losing a little
 * per step of data flow: at most 4 steps, ≥ 0.81); its value is passed to a call (0.8, one
 * statement); the read whose value is kept or passed on (0.7); a call whose result nothing
 * uses (0.6); a key bound to a name never evaluated (0.55); a key only listed, compared or
 * written — a flag editor, a test's expectations (0.52); a message that mentions it (0.5).
 */
const stepDecay = 0.95;
const effectWeight = 0.8;
const readWeight = 0.7;
const droppedWeight = 0.6;
const unusedKeyWeight = 0.55;
const listWeight = 0.52;
const mentionWeight = 0.5;

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

/** Literal and identifier matches: where the code names a key (to follow), the sites of a message. */
function locateText(index: PdgIndex, text: string, hits: Hits, readsOnly: boolean): FlowStart[] {
  const key = isKeyLike(text);
  if (readsOnly && !key) return [];
  const wanted = normalizeName(text);
  const starts: FlowStart[] = [];
  for (const b of index.pdg.blocks) {
    if (key && !readsOnly && b.level === 'function' && wanted.length >= 3 && normalizeName(b.name) === wanted)
      hits.add(b.id, 0.9 * readWeight, `function ${b.name} is named like "${text}"`);
    b.facts.forEach((f, i) => {
      if (key) {
        if (f.strings.includes(text)) {
          if (calleesPassed(f, text).length > 0 || isBinding(f, null)) starts.push({ block: b.id, fact: i, carries: 'key' });
          else if (!readsOnly)
            hits.add(
              b.id,
              listWeight,
              `names "${text}" without evaluating it (listed, compared or written) at ${where(b, f.line)}`,
              f.line,
            );
          return;
        }
        if (readsOnly) return;
        const ident = wanted.length >= 3 ? f.uses.concat(f.defines).find((u) => normalizeName(u) === wanted) : undefined;
        if (ident !== undefined) starts.push({ block: b.id, fact: i, carries: 'value' });
        else if (f.strings.some((s) => mentionsKey(s, text)))
          hits.add(b.id, mentionWeight, `mentions "${text}" at ${where(b, f.line)}`, f.line);
        return;
      }
      const candidates = f.strings.length > 1 ? [...f.strings, f.strings.join(' <*> ')] : f.strings;
      const strength = Math.max(0, ...candidates.map((s) => messageStrength(s, text)));
      if (strength > 0) hits.add(b.id, strength, `message written at ${where(b, f.line)} (match ${strength.toFixed(2)})`, f.line);
    });
  }
  return starts;
}

/** Where the value of a flag changes what the code does: branches it decides, calls it is passed to. */
interface Region {
  block: CodeBlock;
  /** A statement's own lines, when the region is one statement rather than the block. */
  statement?: { startLine: number; endLine: number };
  score: number;
  reason: string;
  line: number;
}

/** Whether a statement the value reached hands it to a call: it came by a name, or was evaluated here inside another call. */
function passesOn(fact: CodeFact, r: Reached): boolean {
  if (r.evaluators === undefined) return r.via !== '';
  const evaluating = new Set(r.evaluators);
  return fact.calls.some((c) => !evaluating.has(c));
}

/**
 * Follows one place that names the key: the read itself is scored by what the code does with
 * the value (a branch depends on it; it is kept or passed on; the call's result is dropped; the
 * key is bound but never evaluated), and the branches and calls the value reaches are regions.
 */
function followRead(index: PdgIndex, start: FlowStart, query: string, hits: Hits, regions: Region[], readsOnly: boolean): void {
  const reached = followFlag(index, [start], query);
  const b = index.block(start.block);
  const fact = b.facts[start.fact] as CodeFact;
  const spot = where(b, fact.line);
  const values = reached.filter((r) => r.carries === 'value');
  let decided = false;
  for (const r of values) {
    const at = index.block(r.block);
    const f = at.facts[r.fact] as CodeFact;
    const via = r.via === '' ? '' : ` through ${r.via}`;
    const steps = `${r.distance} step${r.distance === 1 ? '' : 's'} of data flow`;
    if (f.kind === 'condition') {
      decided = true;
      regions.push({
        block: at,
        score: stepDecay ** r.distance,
        line: f.line,
        reason: `the value of "${query}" decides this ${at.kind} at ${where(at, f.line)}${via} (${steps})`,
      });
    } else if (f.kind === 'call' && r.distance > 0 && passesOn(f, r))
      regions.push({
        block: at,
        statement: { startLine: f.line, endLine: f.endLine },
        score: effectWeight * stepDecay ** (r.distance - 1),
        line: f.line,
        reason: `the value of "${query}" is passed on at ${where(at, f.line)}${via} (${steps})`,
      });
  }
  const evaluated = values.find((r) => r.distance === 0 && r.block === start.block && r.fact === start.fact) !== undefined;
  const kept = values.some((r) => r.distance > 0) || (evaluated && fact.kind !== 'call' && fact.kind !== 'other');
  const named =
    start.carries === 'key'
      ? `"${query}"`
      : `${fact.uses.concat(fact.defines).find((u) => normalizeName(u) === normalizeName(query)) ?? query} (named like "${query}")`;
  if (decided || kept) hits.add(b.id, readWeight, `reads ${named} at ${spot}`, fact.line);
  else if (readsOnly) return;
  else if (values.length > 0) hits.add(b.id, droppedWeight, `evaluates ${named} at ${spot}; nothing depends on its value`, fact.line);
  else hits.add(b.id, unusedKeyWeight, `binds ${named} at ${spot}; never evaluated`, fact.line);
}

/**
 * The blocks of a service's PDG that a piece of evidence points to, best first: the block
 * of a stack frame; the sites of a log message or error text; for a key (a flag or config
 * name), the branches whose condition its value decides — from the call that evaluates the
 * key, through assignments, named constants, accessor functions and parameters — and the
 * calls its value is passed to, above the reads themselves; a key only listed or compared
 * (a flag editor, a test's expectations) ranks below every read.
 */
export function locate(pdg: CodePdg, text: string, options: LocateOptions = {}): LocatedBlock[] {
  const index = new PdgIndex(pdg);
  const hits = new Hits();
  const query = text.trim();
  if (query === '') return [];
  const readsOnly = options.readsOnly === true;
  if (!readsOnly) locateFrames(index, query, hits);
  const regions: Region[] = [];
  for (const start of locateText(index, query, hits, readsOnly)) followRead(index, start, query, hits, regions, readsOnly);
  const statements = new Map<string, Region>();
  for (const r of regions) {
    if (r.statement === undefined) {
      hits.add(r.block.id, r.score, r.reason, r.line);
      continue;
    }
    const id = `${r.block.file}:${r.statement.startLine}:${r.statement.endLine}`;
    const old = statements.get(id);
    if (old === undefined || r.score > old.score) statements.set(id, r);
  }
  const ranked = [
    ...hits.entries().map(([id, h]) => {
      const b = index.block(id);
      return { b, startLine: b.startLine, endLine: b.endLine, level: b.level, kind: b.kind, ...h };
    }),
    ...[...statements.values()].map((r) => ({
      b: r.block,
      startLine: (r.statement as { startLine: number }).startLine,
      endLine: (r.statement as { endLine: number }).endLine,
      level: 'block' as const,
      kind: 'statement',
      score: r.score,
      reason: r.reason,
      line: r.line,
    })),
  ];
  return ranked
    .sort(
      (x, y) =>
        y.score - x.score ||
        x.endLine - x.startLine - (y.endLine - y.startLine) ||
        x.b.file.localeCompare(y.b.file) ||
        x.startLine - y.startLine,
    )
    .slice(0, options.limit ?? 10)
    .map((r) => ({
      ...locatedBlock(r.b, Math.round(r.score * 1000) / 1000, r.reason, r.line),
      startLine: r.startLine,
      endLine: r.endLine,
      level: r.level,
      kind: r.kind,
    }));
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

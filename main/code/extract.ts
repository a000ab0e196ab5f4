import type { Node } from 'web-tree-sitter';
import type { BlockLevel, CodeBlock, CodeFact, FactKind } from '../../core/code/index.js';
import type { LanguageRoles } from './languages/index.js';
import { roleMap } from './languages/index.js';
import { parserFor } from './parser.js';
import { argumentTexts, tailExpression } from './arguments.js';
import {
  calleeOf,
  clauseParameters,
  definedNames,
  headName,
  literalText,
  looseParameters,
  nameOf,
  parameterList,
  parameterNames,
  splitCondition,
  targetsOf,
  wordRole,
  type Grammar,
} from './syntax.js';

/** Longest literal kept per string: log messages fit, embedded documents do not. */
const maxLiteral = 400;

/** One file's blocks, numbered from 0 in pre-order (a block's descendants follow it). */
export type FileBlocks = Omit<CodeBlock, 'file' | 'language'>[];

class Walker {
  readonly blocks: FileBlocks = [];
  private strayLine = -1;
  private stray: CodeFact | null = null;
  /** Function blocks by the id of the node that opened them, for bodies the grammar puts beside them. */
  private readonly functions = new Map<number, FileBlocks[number]>();
  /** Nodes read already, or not to be read as names: the words and heads of `byWord` roles. */
  private readonly skipped = new Set<number>();

  constructor(private readonly g: Grammar) {}

  /** `kind`: the node type, or the word a `byWord` role was taken by (`if`, `def`). */
  private open(node: Node, level: BlockLevel, name: string, parent: number | null, kind = node.type): FileBlocks[number] {
    const block = {
      id: this.blocks.length,
      level,
      kind,
      name,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      parent,
      params: [],
      facts: [],
    };
    this.blocks.push(block);
    this.stray = null;
    return block;
  }

  private fact(block: FileBlocks[number], kind: FactKind, node: Node): CodeFact {
    const fact: CodeFact = {
      kind,
      line: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      defines: [],
      uses: [],
      calls: [],
      strings: [],
      passes: [],
    };
    block.facts.push(fact);
    return fact;
  }

  /** Tokens outside any statement the table names join one fact per line of their block. */
  private strayFact(block: FileBlocks[number], node: Node): CodeFact {
    const line = node.startPosition.row + 1;
    if (this.stray === null || this.strayLine !== line || block.facts[block.facts.length - 1] !== this.stray) {
      this.stray = this.fact(block, 'other', node);
      this.stray.endLine = line;
      this.strayLine = line;
    }
    return this.stray;
  }

  walkModule(root: Node): void {
    const block = this.open(root, 'module', '', null);
    this.children(root, block, null);
  }

  private children(node: Node, block: FileBlocks[number], fact: CodeFact | null, skip: ReadonlySet<number> = new Set()): void {
    for (const child of node.namedChildren) {
      if (child === null || skip.has(child.id) || this.skipped.has(child.id)) continue;
      const owner = this.detachedOwner(child);
      if (owner === null) this.walk(child, block, fact);
      else {
        owner.endLine = Math.max(owner.endLine, child.endPosition.row + 1);
        this.children(child, owner, null);
      }
    }
  }

  /** The function a detached body belongs to: its previous sibling, or a function that sibling holds. */
  private detachedOwner(node: Node): FileBlocks[number] | null {
    if (this.g.language.detachedBodies?.includes(node.type) !== true) return null;
    const previous = node.previousNamedSibling;
    const queue: [Node, number][] = previous === null ? [] : [[previous, 0]];
    while (queue.length > 0) {
      const [n, depth] = queue.shift() as [Node, number];
      const owner = this.functions.get(n.id);
      if (owner !== undefined) return owner;
      if (depth < 2) for (const c of n.namedChildren) if (c !== null) queue.push([c, depth + 1]);
    }
    return null;
  }

  /** A call that holds only its arguments joins the tokens of its line before it: its callee and receiver. */
  private lineCall(block: FileBlocks[number], node: Node): CodeFact {
    const own = this.strayFact(block, node);
    if (own.kind === 'other') own.kind = 'call';
    return own;
  }

  /** Walks `node` with `fact` given to `target` (a node inside it) only; the rest as usual. */
  private walkAround(node: Node, target: Node, block: FileBlocks[number], fact: CodeFact): void {
    if (node.id === target.id) return this.walk(node, block, fact);
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (child.startIndex <= target.startIndex && target.endIndex <= child.endIndex) this.walkAround(child, target, block, fact);
      else this.walk(child, block, null);
    }
  }

  private enclosingName(block: FileBlocks[number]): string {
    return block.name;
  }

  private walk(node: Node, block: FileBlocks[number], fact: CodeFact | null): void {
    const byWord = wordRole(this.g, node);
    const role = byWord?.role ?? this.g.roles.get(node.type);
    const head = byWord?.head ?? null;
    const kind = byWord?.word.text ?? node.type;
    if (byWord !== null) this.skipped.add(byWord.word.id);
    if (head !== null) this.skipped.add(head.id);
    switch (role) {
      case 'module':
        return this.children(node, block, fact);
      case 'class': {
        // A type without a name of its own takes the one it is bound to (Zig's `const Cart = struct {…}`).
        const bound = fact?.kind === 'assign' ? fact.defines[fact.defines.length - 1] : undefined;
        const declared = head === null ? nameOf(this.g, node) : headName(this.g, head);
        const inner = this.open(node, 'class', declared ?? bound ?? '', block.id, kind);
        const name = node.childForFieldName('name');
        return this.children(node, inner, null, new Set(name === null ? [] : [name.id]));
      }
      case 'function':
      case 'lambda': {
        const bound = role === 'lambda' && fact?.kind === 'assign' ? fact.defines[fact.defines.length - 1] : undefined;
        const declared = head === null ? nameOf(this.g, node) : headName(this.g, head);
        const name = role === 'function' ? (declared ?? '') : (bound ?? this.enclosingName(block));
        const inner = this.open(node, role === 'function' || bound !== undefined ? 'function' : 'block', name, block.id, kind);
        this.functions.set(node.id, inner);
        const params = parameterList(this.g, head ?? node);
        const loose = params === null ? looseParameters(this.g, node) : [];
        inner.params =
          params !== null
            ? parameterNames(this.g, params)
            : loose.length > 0
              ? loose.flatMap((p) => nameOf(this.g, p) ?? [])
              : clauseParameters(this.g, node);
        const skip = new Set<number>(loose.map((p) => p.id));
        for (const field of ['name', 'declarator', 'type', 'return_type', 'result', 'receiver']) {
          const c = node.childForFieldName(field);
          if (c !== null) skip.add(c.id);
        }
        if (params !== null) skip.add(params.id);
        return this.children(node, inner, null, skip);
      }
      case 'conditional':
      case 'loop': {
        const inner = this.open(node, 'block', this.enclosingName(block), block.id, kind);
        const { condition, body } =
          byWord === null
            ? splitCondition(this.g, node)
            : {
                condition: head === null ? [] : [head],
                body: node.namedChildren.filter((c): c is Node => c !== null && !this.skipped.has(c.id)),
              };
        const test = this.fact(inner, 'condition', node);
        for (const c of condition) this.walk(c, inner, test);
        // A branch that is an expression (`let x = if c { read() } else { 0 }`) gives its value to
        // the names it is assigned to: each branch's last expression defines them.
        const assigned = fact?.kind === 'assign' ? fact.defines : [];
        for (const c of body) {
          const tail = assigned.length > 0 ? tailExpression(this.g, c) : null;
          if (tail === null) {
            this.walk(c, inner, null);
            continue;
          }
          const value = this.fact(inner, 'assign', tail);
          value.defines.push(...assigned);
          this.walkAround(c, tail, inner, value);
        }
        return;
      }
      case 'block': {
        const inner = this.open(node, 'block', this.enclosingName(block), block.id, kind);
        return this.children(node, inner, null);
      }
      case 'assignment': {
        const own = fact ?? this.fact(block, 'assign', node);
        const targets = targetsOf(this.g, node);
        for (const t of targets) own.defines.push(...definedNames(this.g, t));
        return this.children(node, block, own, new Set(targets.map((t) => t.id)));
      }
      case 'return':
        return this.children(node, block, fact ?? this.fact(block, 'return', node));
      case 'call': {
        const own =
          fact ??
          (this.g.language.argumentCalls?.includes(node.type) === true ? this.lineCall(block, node) : this.fact(block, 'call', node));
        const callee = calleeOf(this.g, node);
        if (callee !== null) own.calls.push(callee);
        own.passes.push({ callee: callee ?? '', args: argumentTexts(this.g, node) });
        return this.children(node, block, own);
      }
      case 'string': {
        const own = fact ?? this.strayFact(block, node);
        const text = literalText(node.text);
        if (text.length > 0 && text.length <= maxLiteral) own.strings.push(text);
        return this.children(node, block, own);
      }
      case 'identifier': {
        (fact ?? this.strayFact(block, node)).uses.push(node.text);
        return;
      }
      case undefined:
        return this.children(node, block, fact);
    }
  }
}

function unique(xs: string[]): string[] {
  return xs.length < 2 ? xs : [...new Set(xs)];
}

/** Parses one file and maps its syntax tree to hammock blocks through the language's role table. */
export async function extractBlocks(language: LanguageRoles, text: string): Promise<FileBlocks> {
  const parser = await parserFor(language);
  const tree = parser.parse(text);
  if (tree === null) throw new Error('the parser returned no tree');
  try {
    const walker = new Walker({ language, roles: roleMap(language) });
    walker.walkModule(tree.rootNode);
    for (const b of walker.blocks)
      for (const f of b.facts) {
        f.defines = unique(f.defines);
        f.uses = unique(f.uses);
        f.calls = unique(f.calls);
      }
    return walker.blocks;
  } finally {
    tree.delete();
    parser.delete();
  }
}

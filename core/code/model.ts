/**
 * The program dependence graph of one service's source, at the granularity of hammock
 * blocks: single-entry single-exit regions at module, class, function and block level
 * (PRAXIS). Language-neutral: the parser maps every grammar's node types to these roles,
 * so nothing downstream knows which language a block came from.
 */

export const blockLevels = ['module', 'class', 'function', 'block'] as const;
export type BlockLevel = (typeof blockLevels)[number];

/**
 * One statement-sized fact inside a block (the statements of a block's own body, not those
 * of its child blocks): what it defines, uses, calls and which literals it carries.
 * `condition` marks the condition of the block it belongs to (an `if`, a loop header, a
 * `switch` subject): where a value decides which way the code goes.
 */
export type FactKind = 'assign' | 'return' | 'call' | 'condition' | 'other';

export interface CodeFact {
  kind: FactKind;
  line: number;
  /** The statement's last line: a statement is the smallest hammock region. */
  endLine: number;
  defines: string[];
  uses: string[];
  calls: string[];
  strings: string[];
  /**
   * Each call of the statement with its direct arguments that are a literal (its text) or a
   * name: `client.getBooleanValue("adFailure", false)` passes `adFailure` and `false` to
   * `getBooleanValue`; a key listed in a collection or compared (`["adFailure"]`,
   * `name == "adFailure"`) is passed to no call.
   */
  passes: CallArguments[];
}

export interface CallArguments {
  /** The callee's name, as in `calls` (empty when the call names none). */
  callee: string;
  args: string[];
}

export interface CodeBlock {
  /** Index in `CodePdg.blocks`. */
  id: number;
  /** Path relative to the source root, `/`-separated. */
  file: string;
  language: string;
  level: BlockLevel;
  /** The grammar's node type (`if_statement`, `method_declaration`, …), for display. */
  kind: string;
  /** The block's own name (function, class) or, for inner blocks, the enclosing function's. */
  name: string;
  startLine: number;
  endLine: number;
  parent: number | null;
  /** Parameter names (functions only). */
  params: string[];
  facts: CodeFact[];
}

export type CodeEdgeKind = 'control' | 'data' | 'call';

export interface CodeEdge {
  from: number;
  to: number;
  kind: CodeEdgeKind;
  /** The name carried (data), or the callee's name (call). */
  label?: string;
}

/** A file the parser could not use, and why (unknown language, parse error, too large). */
export interface CodeWarning {
  file: string;
  message: string;
}

export interface CodePdg {
  blocks: CodeBlock[];
  edges: CodeEdge[];
  files: number;
  lines: number;
  warnings: CodeWarning[];
}

/** One ranked answer of `locate`: the block, its score in (0, 1] and why it was chosen. */
export interface LocatedBlock {
  file: string;
  function: string;
  startLine: number;
  endLine: number;
  level: BlockLevel;
  kind: string;
  score: number;
  reason: string;
  /** The line of the statement that matched, when one did. */
  line?: number;
}

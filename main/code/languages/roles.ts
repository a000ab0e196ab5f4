/**
 * How one grammar's node types map to the generic roles the extractor knows. The walk in
 * `extract.ts` reads only these tables, so no language is special-cased in it: supporting a
 * new language is one more table.
 */
export interface LanguageRoles {
  /** Name reported in blocks and warnings. */
  name: string;
  /** File in tree-sitter-wasms/out. */
  wasm: string;
  /** File extensions, lower case, with the dot. */
  extensions: readonly string[];
  module: readonly string[];
  class: readonly string[];
  function: readonly string[];
  /** Anonymous functions: a function when bound to one name, else an inner block. */
  lambda: readonly string[];
  /** Branches: their condition decides which way the code goes. */
  conditional: readonly string[];
  loop: readonly string[];
  /** Other single-entry single-exit regions (try, catch, with, using, lock …). */
  block: readonly string[];
  call: readonly string[];
  string: readonly string[];
  identifier: readonly string[];
  assignment: readonly string[];
  return: readonly string[];
  /** Child node types that hold a conditional's condition when no field names it. */
  conditionTypes?: readonly string[];
  /** Node types of bodies (not part of a condition) when no field names them. */
  bodyTypes?: readonly string[];
  /** Node types of parameter lists when the function has no `parameters` field. */
  parameterLists?: readonly string[];
  /** Child node types that hold an assignment's target when no field names it. */
  targetTypes?: readonly string[];
  /**
   * Node types of one parameter that sits directly in its function, with no list around it
   * (Swift's `parameter`): used when the function has no parameter list.
   */
  parameterTypes?: readonly string[];
  /**
   * Node types of function bodies the grammar puts beside the signature instead of inside it
   * (Dart's `function_body` follows its `method_signature`): such a node is read as the body
   * of the function its previous sibling is, or holds.
   */
  detachedBodies?: readonly string[];
  /**
   * Call node types that hold only the arguments (Dart writes `a.b(…)` as `a`, `.b`, `(…)` side
   * by side): the callee is the last name before them, and a call that starts a statement joins
   * the fact of the tokens of its line that precede it (its receiver).
   */
  argumentCalls?: readonly string[];
  /** Fields that hold a conditional's condition, instead of the default ones (`condition`, `value`, `right` …). */
  conditionFields?: readonly string[];
  /**
   * C library functions the prebuilt grammar imports under a name the tree-sitter runtime does
   * not export, mapped to one it does that answers the same for the characters a scanner tests.
   */
  importRenames?: Readonly<Record<string, string>>;
  /** Roles decided by a word rather than by a node type: see `WordRoles`. */
  byWord?: readonly WordRoles[];
}

/**
 * For grammars that write definitions and control flow as ordinary calls or operators (in
 * Elixir `def`, `defmodule`, `if`, `case` are calls of those names, and `=` is one binary
 * operator among others): a node of one of `types` whose `field` child reads one of a role's
 * words takes that role instead of its type's. The word itself is not read as a name. When
 * `arguments` is given, the first argument is the head: the name and parameters of a function
 * (`def handle_order(req)`), the name of a class, the condition of a branch or loop (`if
 * enabled`); the other arguments and children are the body.
 */
export interface WordRoles {
  types: readonly string[];
  field: string;
  /** Node type of the argument list the head is the first of. */
  arguments?: string;
  roles: Partial<Record<Role, readonly string[]>>;
}

export type Role =
  | 'module'
  | 'class'
  | 'function'
  | 'lambda'
  | 'conditional'
  | 'loop'
  | 'block'
  | 'call'
  | 'string'
  | 'identifier'
  | 'assignment'
  | 'return';

const roleKeys: readonly Role[] = [
  'module',
  'class',
  'function',
  'lambda',
  'conditional',
  'loop',
  'block',
  'call',
  'string',
  'identifier',
  'assignment',
  'return',
];

/** node type → role, for one language (a type listed twice keeps its first role). */
export function roleMap(roles: LanguageRoles): Map<string, Role> {
  const map = new Map<string, Role>();
  for (const role of roleKeys) for (const type of roles[role]) if (!map.has(type)) map.set(type, role);
  return map;
}

import type { Node } from 'web-tree-sitter';
import type { LanguageRoles, Role } from './languages/index.js';

/** What the walk needs to know about one language: its roles by node type. */
export interface Grammar {
  language: LanguageRoles;
  roles: Map<string, Role>;
}

/** A node that takes its role by word (`WordRoles`): the role, the word's node and the head, if any. */
export interface WordRole {
  role: Role;
  word: Node;
  head: Node | null;
}

export function wordRole(g: Grammar, node: Node): WordRole | null {
  for (const rule of g.language.byWord ?? []) {
    if (!rule.types.includes(node.type)) continue;
    const word = node.childForFieldName(rule.field);
    if (word === null) continue;
    for (const [role, words] of Object.entries(rule.roles) as [Role, readonly string[]][]) {
      if (!words.includes(word.text)) continue;
      const args = rule.arguments === undefined ? undefined : namedChildren(node).find((c) => c.type === rule.arguments);
      return { role, word, head: args?.firstNamedChild ?? null };
    }
  }
  return null;
}

/** A node's role: by its word first, else by its type. */
export function roleOf(g: Grammar, node: Node): Role | undefined {
  return wordRole(g, node)?.role ?? g.roles.get(node.type);
}

/** The name a head gives (`handle_order(req) when …` → `handle_order`): its first identifier down its first children. */
export function headName(g: Grammar, head: Node): string | null {
  let n: Node | null = head;
  for (let depth = 0; n !== null && depth < 5; depth++, n = n.firstNamedChild) if (isIdentifier(g, n)) return n.text;
  return null;
}

/** `field`/`method`: the member a function is defined as (Lua's `function M.place_order`). */
const nameFields = ['name', 'declarator', 'type', 'pattern', 'field', 'method'];
const calleeFields = ['name', 'method', 'function', 'macro', 'constructor', 'type'];
const conditionFields = ['condition', 'initializer', 'value', 'subject', 'pattern', 'right'];
const bodyFields = new Set(['body', 'consequence', 'alternative']);
/** Fields that hold the object of a member access, not the member assigned to. */
const objectFields = new Set(['object', 'receiver', 'expression', 'operand', 'value', 'argument', 'scope', 'table']);
const defaultParameterLists = [
  'parameter_list',
  'parameters',
  'formal_parameters',
  'method_parameters',
  'block_parameters',
  'lambda_parameters',
  'function_value_parameters',
];
const blockRoles = new Set<Role | undefined>(['class', 'function', 'lambda', 'conditional', 'loop', 'block']);

export function isIdentifier(g: Grammar, node: Node): boolean {
  return g.roles.get(node.type) === 'identifier';
}

export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

export function lastIdentifier(g: Grammar, node: Node): string | null {
  if (isIdentifier(g, node)) return node.text;
  const children = namedChildren(node);
  for (let i = children.length - 1; i >= 0; i--) {
    const found = lastIdentifier(g, children[i] as Node);
    if (found !== null) return found;
  }
  return null;
}

/** The declared name of a function, class or parameter, through nested declarators. */
export function nameOf(g: Grammar, node: Node, depth = 0): string | null {
  if (isIdentifier(g, node)) return node.text;
  if (depth > 4) return null;
  for (const field of nameFields) {
    const child = node.childForFieldName(field);
    // A name written as a plain token of another type (Bash's `word`) is still the name.
    if (child === null) continue;
    if (field === 'name' && child.childCount === 0) return literalText(child.text);
    // A typed parameter with no name field (Python's `flag_name: str`): its own identifier, not its type's.
    if (field === 'type') {
      const own = namedChildren(node).find((c) => c.id !== child.id && isIdentifier(g, c));
      if (own !== undefined) return own.text;
    }
    return nameOf(g, child, depth + 1);
  }
  const first = namedChildren(node).find((c) => isIdentifier(g, c));
  return first?.text ?? null;
}

/** The name a call calls: the last identifier of its callee (`a.b.Value(…)` calls `Value`). */
export function calleeOf(g: Grammar, node: Node): string | null {
  if (g.language.argumentCalls?.includes(node.type) === true) return nameBefore(g, node);
  for (const field of calleeFields) {
    const child = node.childForFieldName(field);
    if (child !== null) return lastIdentifier(g, child);
  }
  const first = node.firstNamedChild;
  return first === null ? null : lastIdentifier(g, first);
}

/** The last name among the siblings before a call that holds only its arguments (or before its parent, when it is first). */
function nameBefore(g: Grammar, node: Node): string | null {
  const from = node.previousNamedSibling ?? node.parent?.previousNamedSibling ?? null;
  for (let s = from; s !== null; s = s.previousNamedSibling) {
    const name = lastIdentifier(g, s);
    if (name !== null) return name;
  }
  return null;
}

/** Parameters that sit directly in a function, with no list around them (`parameterTypes`). */
export function looseParameters(g: Grammar, node: Node): Node[] {
  const types = g.language.parameterTypes;
  return types === undefined ? [] : namedChildren(node).filter((c) => types.includes(c.type));
}

/**
 * The parameters of a lambda made of clauses (Elixir's `fn {:ok, v} -> v; other -> other end`):
 * the names each clause's condition binds, in order, once each. A clause is a conditional
 * child whose condition is a parameter list.
 */
export function clauseParameters(g: Grammar, node: Node): string[] {
  const lists = g.language.parameterLists ?? defaultParameterLists;
  const names = namedChildren(node)
    .filter((c) => roleOf(g, c) === 'conditional')
    .flatMap((clause) => splitCondition(g, clause).condition.filter((c) => lists.includes(c.type)))
    .flatMap((list) => namedChildren(list).flatMap((p) => boundNames(g, p)));
  return [...new Set(names)];
}

/** Every identifier a pattern binds (`{:ok, value}` → value; `item` → item). */
function boundNames(g: Grammar, pattern: Node): string[] {
  if (isIdentifier(g, pattern)) return [pattern.text];
  return namedChildren(pattern).flatMap((c) => boundNames(g, c));
}

/** The node holding a function's parameters, if any. */
export function parameterList(g: Grammar, node: Node): Node | null {
  const field = node.childForFieldName('parameters') ?? node.childForFieldName('parameter');
  if (field !== null) return field;
  const types = g.language.parameterLists ?? defaultParameterLists;
  const queue: [Node, number][] = namedChildren(node)
    .filter((c) => !blockRoles.has(roleOf(g, c)) && node.childForFieldName('body')?.id !== c.id)
    .map((c) => [c, 0]);
  while (queue.length > 0) {
    const [n, depth] = queue.shift() as [Node, number];
    if (types.includes(n.type)) return n;
    if (depth < 2) for (const c of namedChildren(n)) queue.push([c, depth + 1]);
  }
  return null;
}

export function parameterNames(g: Grammar, list: Node | null): string[] {
  if (list === null) return [];
  if (isIdentifier(g, list)) return [list.text];
  const names: string[] = [];
  const lists = g.language.parameterLists ?? defaultParameterLists;
  for (const p of namedChildren(list)) {
    // A group inside the list (Dart's `{required String key}`) holds parameters of its own.
    if (lists.includes(p.type)) {
      names.push(...parameterNames(g, p));
      continue;
    }
    const name = nameOf(g, p);
    if (name !== null) names.push(name);
  }
  return names;
}

/** An assignment's targets: the field `left`/`name`/`pattern`, a target-type child, else its first child. */
export function targetsOf(g: Grammar, node: Node): Node[] {
  for (const field of ['left', 'name', 'pattern']) {
    const targets = node.childrenForFieldName(field).filter((c): c is Node => c !== null);
    if (targets.length > 0) return targets;
  }
  const types = g.language.targetTypes;
  const byType = types === undefined ? undefined : namedChildren(node).find((c) => types.includes(c.type));
  if (byType !== undefined) return [byType];
  const first = node.firstNamedChild;
  return first === null ? [] : [first];
}

/** The names a target defines: itself, the names it lists, or the member it assigns to. */
export function definedNames(g: Grammar, target: Node): string[] {
  if (isIdentifier(g, target)) return [target.text];
  const direct: string[] = [];
  for (let i = 0; i < target.childCount; i++) {
    const child = target.child(i);
    if (child === null || !child.isNamed) continue;
    const field = target.fieldNameForChild(i);
    if (field !== null && objectFields.has(field)) continue;
    if (isIdentifier(g, child)) direct.push(child.text);
  }
  if (direct.length > 0) return direct;
  // A list of targets of one kind (Lua's `variable_list` of `variable`s): each defines its name.
  const parts = namedChildren(target);
  if (parts.length > 1 && parts.every((p) => p.type === parts[0]?.type)) return parts.flatMap((p) => definedNames(g, p));
  const last = lastIdentifier(g, target);
  return last === null ? [] : [last];
}

/** Splits a conditional or loop into the nodes of its condition and those of its body. */
export function splitCondition(g: Grammar, node: Node): { condition: Node[]; body: Node[] } {
  const children: { node: Node; field: string | null }[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child !== null && child.isNamed) children.push({ node: child, field: node.fieldNameForChild(i) });
  }
  const fields = g.language.conditionFields ?? conditionFields;
  let condition = children.filter((c) => c.field !== null && fields.includes(c.field));
  if (condition.length === 0 && g.language.conditionTypes !== undefined) {
    const types = g.language.conditionTypes;
    condition = children.filter((c) => types.includes(c.node.type));
  }
  if (condition.length === 0) {
    const bodyTypes = g.language.bodyTypes ?? [];
    const isBody = (c: { node: Node; field: string | null }): boolean =>
      (c.field !== null && bodyFields.has(c.field)) || bodyTypes.includes(c.node.type) || blockRoles.has(roleOf(g, c.node));
    const firstBody = children.findIndex(isBody);
    condition = firstBody === -1 ? children.slice(0, 1) : children.slice(0, firstBody);
  }
  const ids = new Set(condition.map((c) => c.node.id));
  return { condition: condition.map((c) => c.node), body: children.filter((c) => !ids.has(c.node.id)).map((c) => c.node) };
}

/** A string literal's text without its quotes and prefixes (`f"…"`, `@"…"`, `r#"…"#`, `:sym`, Lua's `[[…]]`). */
export function literalText(raw: string): string {
  let s = raw.trim();
  const long = /^\[(=*)\[([\s\S]*)\]\1\]$/.exec(s);
  if (long !== null) return long[2] as string;
  if (s.startsWith(':')) return s.slice(1).replace(/^"|"$/g, '');
  s = s.replace(/^[A-Za-z@$]{0,3}(?=["'`#])/, '');
  const m = /^(#*)("""|'''|"|'|`)([\s\S]*)\2\1$/.exec(s);
  return m === null ? s : (m[3] as string);
}

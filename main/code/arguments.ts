import type { Node } from 'web-tree-sitter';
import { lastIdentifier, literalText, namedChildren, roleOf, type Grammar } from './syntax.js';

/** Nodes that hold a call's arguments, or wrap one argument (`argument`, `value_argument`, `keyword_argument`, `pair`, `keywords`). */
const argumentHolder = /argument|call_suffix|keywords|pair|expression_list/;
const argumentFields = ['arguments', 'argument'];
/** Member accesses whose last name is the argument's name (`Flags.AD_FAILURE`, `self.flag`). */
const memberAccess = /access|member|attribute|selector|scoped|navigation|field_expression/;

/**
 * The direct arguments of a call that are a literal (its text) or a name: through argument
 * lists and the wrappers of one argument (keyword arguments and pairs give their value), and
 * member accesses (their last name). An argument that is itself an expression (a collection,
 * a comparison, another call) gives nothing: what it holds is not passed as such.
 */
export function argumentTexts(g: Grammar, call: Node): string[] {
  const fromFields = argumentFields.flatMap((f) => call.childrenForFieldName(f)).filter((c): c is Node => c !== null);
  const holders = namedChildren(call).filter((c) => argumentHolder.test(c.type));
  // Grammars that put the arguments straight in the call (Zig, Objective-C's messages): its children outside any field.
  const roots = fromFields.length > 0 ? fromFields : holders.length > 0 ? holders : unfieldedChildren(call);
  const texts: string[] = [];
  const visit = (node: Node, depth: number): void => {
    const role = roleOf(g, node);
    if (role === 'string') texts.push(literalText(node.text));
    else if (role === 'identifier') texts.push(node.text);
    else if (depth < 4 && argumentHolder.test(node.type)) {
      const value = node.childForFieldName('value');
      if (value !== null) visit(value, depth + 1);
      else if (/pair|keyword_argument|named_argument/.test(node.type)) {
        const last = node.lastNamedChild;
        if (last !== null) visit(last, depth + 1);
      } else for (const c of namedChildren(node)) visit(c, depth + 1);
    } else if (memberAccess.test(node.type) && role === undefined && namedChildren(node).every((c) => roleOf(g, c) !== 'call')) {
      const last = lastIdentifier(g, node);
      if (last !== null) texts.push(last);
    }
  };
  for (const r of roots) visit(r, 0);
  return texts;
}

function unfieldedChildren(node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child !== null && child.isNamed && node.fieldNameForChild(i) === null) out.push(child);
  }
  return out;
}

/**
 * The expression a branch's body ends with, when the body is a plain sequence (no block of
 * its own): `{ a(); read() }` → `read()`. Null when it ends with a statement (`x;`, `let`,
 * `return`), which gives the branch no value.
 */
export function tailExpression(g: Grammar, body: Node): Node | null {
  let node: Node | null = body;
  for (let depth = 0; node !== null && depth < 4; depth++) {
    const role = roleOf(g, node);
    if (role !== undefined) return role === 'call' || role === 'string' || role === 'identifier' || role === 'conditional' ? node : null;
    if (/statement|declaration/.test(node.type) && depth > 0) return null;
    node = node.lastNamedChild;
  }
  return null;
}

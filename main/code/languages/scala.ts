import type { LanguageRoles } from './roles.js';

/**
 * The grammar in tree-sitter-wasms is an old one (ABI 13): it has no nodes for `throw`,
 * `return`, `while`, `for` or lambdas (they parse as calls and infix expressions) and no
 * Scala 3 indentation syntax. `while (…) {…}` and `for (…) {…}` parse as calls of those
 * words with a body, and are loops by word; `throw`, `return` and lambdas stay names and calls.
 */
export const scala: LanguageRoles = {
  name: 'scala',
  wasm: 'tree-sitter-scala.wasm',
  extensions: ['.scala', '.sc'],
  module: ['compilation_unit'],
  class: ['class_definition', 'object_definition', 'trait_definition', 'package_object'],
  function: ['function_definition'],
  lambda: [],
  conditional: ['if_expression', 'match_expression', 'case_clause'],
  loop: [],
  block: ['try_expression', 'catch_clause', 'finally_clause'],
  call: ['call_expression', 'instance_expression'],
  string: ['string'],
  identifier: ['identifier', 'type_identifier'],
  assignment: ['val_definition', 'var_definition', 'assignment_expression'],
  return: [],
  bodyTypes: ['block', 'case_block'],
  byWord: [{ types: ['call_expression'], field: 'function', arguments: 'arguments', roles: { loop: ['while', 'for'] } }],
};

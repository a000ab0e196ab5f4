import type { LanguageRoles } from './roles.js';

export const rust: LanguageRoles = {
  name: 'rust',
  wasm: 'tree-sitter-rust.wasm',
  extensions: ['.rs'],
  module: ['source_file'],
  class: ['struct_item', 'enum_item', 'impl_item', 'trait_item', 'mod_item'],
  function: ['function_item'],
  lambda: ['closure_expression'],
  conditional: ['if_expression', 'if_let_expression', 'match_expression', 'match_arm'],
  loop: ['for_expression', 'while_expression', 'while_let_expression', 'loop_expression'],
  block: [],
  call: ['call_expression', 'macro_invocation', 'method_call_expression'],
  string: ['string_literal', 'raw_string_literal'],
  identifier: ['identifier', 'field_identifier', 'type_identifier'],
  assignment: ['let_declaration', 'assignment_expression', 'compound_assignment_expr', 'const_item', 'static_item'],
  return: ['return_expression'],
  bodyTypes: ['block', 'match_block'],
};

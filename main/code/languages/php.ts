import type { LanguageRoles } from './roles.js';

export const php: LanguageRoles = {
  name: 'php',
  wasm: 'tree-sitter-php.wasm',
  extensions: ['.php'],
  module: ['program'],
  class: ['class_declaration', 'interface_declaration', 'trait_declaration', 'enum_declaration'],
  function: ['function_definition', 'method_declaration'],
  lambda: ['anonymous_function_creation_expression', 'anonymous_function', 'arrow_function'],
  conditional: ['if_statement', 'else_if_clause', 'switch_statement', 'case_statement', 'match_expression', 'conditional_expression'],
  loop: ['for_statement', 'foreach_statement', 'while_statement', 'do_statement'],
  block: ['try_statement', 'catch_clause'],
  call: ['function_call_expression', 'member_call_expression', 'scoped_call_expression', 'object_creation_expression'],
  string: ['string', 'encapsed_string'],
  identifier: ['name'],
  assignment: ['assignment_expression', 'const_element', 'property_element'],
  return: ['return_statement'],
  bodyTypes: ['compound_statement', 'switch_block'],
};

import type { LanguageRoles } from './roles.js';

export const javascript: LanguageRoles = {
  name: 'javascript',
  wasm: 'tree-sitter-javascript.wasm',
  extensions: ['.js', '.mjs', '.cjs', '.jsx'],
  module: ['program'],
  class: ['class_declaration', 'class'],
  function: ['function_declaration', 'generator_function_declaration', 'method_definition'],
  lambda: ['arrow_function', 'function', 'function_expression', 'generator_function'],
  conditional: ['if_statement', 'switch_statement', 'switch_case', 'ternary_expression'],
  loop: ['for_statement', 'for_in_statement', 'while_statement', 'do_statement'],
  block: ['try_statement', 'catch_clause'],
  call: ['call_expression', 'new_expression'],
  string: ['string', 'template_string'],
  identifier: [
    'identifier',
    'property_identifier',
    'shorthand_property_identifier',
    'shorthand_property_identifier_pattern',
    'private_property_identifier',
  ],
  assignment: ['variable_declarator', 'assignment_expression', 'field_definition'],
  return: ['return_statement'],
  bodyTypes: ['statement_block', 'switch_body'],
};

/** TypeScript adds declarations of its own to JavaScript's node types. */
export const typescript: LanguageRoles = {
  ...javascript,
  name: 'typescript',
  wasm: 'tree-sitter-typescript.wasm',
  extensions: ['.ts', '.mts', '.cts'],
  class: [...javascript.class, 'abstract_class_declaration', 'interface_declaration', 'enum_declaration'],
  identifier: [...javascript.identifier, 'type_identifier'],
  assignment: [...javascript.assignment, 'public_field_definition'],
};

export const tsx: LanguageRoles = { ...typescript, name: 'tsx', wasm: 'tree-sitter-tsx.wasm', extensions: ['.tsx'] };

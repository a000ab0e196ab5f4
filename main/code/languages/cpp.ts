import type { LanguageRoles } from './roles.js';

export const cpp: LanguageRoles = {
  name: 'cpp',
  wasm: 'tree-sitter-cpp.wasm',
  extensions: ['.cc', '.cpp', '.cxx', '.hpp', '.hh', '.hxx', '.h'],
  module: ['translation_unit'],
  class: ['class_specifier', 'struct_specifier', 'namespace_definition'],
  function: ['function_definition'],
  lambda: ['lambda_expression'],
  conditional: ['if_statement', 'switch_statement', 'case_statement', 'conditional_expression'],
  loop: ['for_statement', 'for_range_loop', 'while_statement', 'do_statement'],
  block: ['try_statement', 'catch_clause'],
  call: ['call_expression'],
  string: ['string_literal', 'raw_string_literal'],
  identifier: ['identifier', 'field_identifier', 'type_identifier', 'namespace_identifier'],
  assignment: ['init_declarator', 'assignment_expression'],
  return: ['return_statement'],
  bodyTypes: ['compound_statement'],
  parameterLists: ['parameter_list'],
};

export const c: LanguageRoles = { ...cpp, name: 'c', wasm: 'tree-sitter-c.wasm', extensions: ['.c'] };

import type { LanguageRoles } from './roles.js';

export const go: LanguageRoles = {
  name: 'go',
  wasm: 'tree-sitter-go.wasm',
  extensions: ['.go'],
  module: ['source_file'],
  class: ['type_spec'],
  function: ['function_declaration', 'method_declaration'],
  lambda: ['func_literal'],
  conditional: [
    'if_statement',
    'expression_switch_statement',
    'type_switch_statement',
    'select_statement',
    'expression_case',
    'type_case',
    'communication_case',
  ],
  loop: ['for_statement'],
  block: ['defer_statement', 'go_statement'],
  call: ['call_expression'],
  string: ['interpreted_string_literal', 'raw_string_literal'],
  identifier: ['identifier', 'field_identifier', 'type_identifier', 'package_identifier'],
  assignment: ['short_var_declaration', 'assignment_statement', 'var_spec', 'const_spec'],
  return: ['return_statement'],
  bodyTypes: ['block'],
};

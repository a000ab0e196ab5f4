import type { LanguageRoles } from './roles.js';

export const swift: LanguageRoles = {
  name: 'swift',
  wasm: 'tree-sitter-swift.wasm',
  extensions: ['.swift'],
  module: ['source_file'],
  // `class_declaration` covers class, struct, enum, actor and extension.
  class: ['class_declaration', 'protocol_declaration'],
  function: ['function_declaration', 'init_declaration', 'deinit_declaration', 'subscript_declaration'],
  lambda: ['lambda_literal'],
  conditional: ['if_statement', 'guard_statement', 'switch_statement', 'switch_entry', 'ternary_expression'],
  loop: ['for_statement', 'while_statement', 'repeat_while_statement'],
  block: ['do_statement', 'catch_block'],
  call: ['call_expression', 'constructor_expression'],
  string: ['line_string_literal', 'multi_line_string_literal', 'raw_string_literal'],
  identifier: ['simple_identifier', 'type_identifier'],
  assignment: ['property_declaration', 'assignment'],
  // `return`, `throw`, `break` and `continue`.
  return: ['control_transfer_statement'],
  conditionTypes: ['switch_pattern'],
  bodyTypes: ['statements', 'function_body', 'class_body'],
  parameterLists: ['lambda_function_type_parameters'],
  targetTypes: ['directly_assignable_expression'],
  parameterTypes: ['parameter'],
};

import type { LanguageRoles } from './roles.js';

export const kotlin: LanguageRoles = {
  name: 'kotlin',
  wasm: 'tree-sitter-kotlin.wasm',
  extensions: ['.kt', '.kts'],
  module: ['source_file'],
  class: ['class_declaration', 'object_declaration', 'companion_object'],
  function: ['function_declaration', 'secondary_constructor', 'getter', 'setter'],
  lambda: ['lambda_literal', 'anonymous_function'],
  conditional: ['if_expression', 'when_expression', 'when_entry'],
  loop: ['for_statement', 'while_statement', 'do_while_statement'],
  block: ['try_expression', 'catch_block'],
  call: ['call_expression'],
  string: ['string_literal', 'line_string_literal', 'multi_line_string_literal'],
  identifier: ['simple_identifier', 'type_identifier', 'interpolated_identifier'],
  assignment: ['property_declaration', 'assignment'],
  return: ['jump_expression'],
  conditionTypes: ['when_subject', 'when_condition'],
  bodyTypes: ['control_structure_body', 'statements'],
  parameterLists: ['function_value_parameters', 'lambda_parameters'],
  targetTypes: ['variable_declaration', 'directly_assignable_expression'],
};

import type { LanguageRoles } from './roles.js';

export const csharp: LanguageRoles = {
  name: 'csharp',
  wasm: 'tree-sitter-c_sharp.wasm',
  extensions: ['.cs'],
  module: ['compilation_unit'],
  class: ['class_declaration', 'interface_declaration', 'struct_declaration', 'record_declaration', 'enum_declaration'],
  // A property is an accessor: a function named after it.
  function: ['method_declaration', 'constructor_declaration', 'local_function_statement', 'property_declaration'],
  lambda: ['lambda_expression', 'anonymous_method_expression'],
  conditional: [
    'if_statement',
    'switch_statement',
    'switch_section',
    'switch_expression',
    'switch_expression_arm',
    'conditional_expression',
  ],
  loop: ['for_statement', 'for_each_statement', 'while_statement', 'do_statement'],
  block: ['try_statement', 'catch_clause', 'using_statement', 'lock_statement'],
  call: ['invocation_expression', 'object_creation_expression'],
  string: ['string_literal', 'verbatim_string_literal', 'interpolated_string_expression', 'raw_string_literal'],
  identifier: ['identifier'],
  assignment: ['variable_declarator', 'assignment_expression'],
  return: ['return_statement'],
  conditionTypes: ['case_switch_label', 'case_pattern_switch_label', 'catch_declaration'],
  bodyTypes: ['block', 'switch_body'],
};

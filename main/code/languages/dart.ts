import type { LanguageRoles } from './roles.js';

/**
 * Dart's grammar puts a function's body beside its signature (`method_signature`,
 * `function_body`) and writes calls as selector chains (`a`, `.b`, `(…)`), hence
 * `detachedBodies` and `argumentCalls`.
 */
export const dart: LanguageRoles = {
  name: 'dart',
  wasm: 'tree-sitter-dart.wasm',
  extensions: ['.dart'],
  module: ['program'],
  class: ['class_definition', 'mixin_declaration', 'extension_declaration', 'extension_type_declaration', 'enum_declaration'],
  function: [
    'function_signature',
    'getter_signature',
    'setter_signature',
    'constructor_signature',
    'factory_constructor_signature',
    'operator_signature',
  ],
  lambda: ['function_expression'],
  conditional: [
    'if_statement',
    'switch_statement',
    'switch_statement_case',
    'switch_expression',
    'switch_expression_case',
    'conditional_expression',
    'if_element',
  ],
  loop: ['for_statement', 'while_statement', 'do_statement', 'for_element'],
  block: ['try_statement', 'finally_clause'],
  call: ['argument_part', 'new_expression', 'const_object_expression'],
  string: ['string_literal'],
  identifier: ['identifier', 'type_identifier'],
  assignment: [
    'initialized_variable_definition',
    'static_final_declaration',
    'initialized_identifier',
    'assignment_expression',
    'pattern_assignment',
    'pattern_variable_declaration',
  ],
  return: ['return_statement'],
  // A case's statements follow its pattern; what precedes the first of them is the condition.
  bodyTypes: [
    'block',
    'function_body',
    'expression_statement',
    'local_variable_declaration',
    'return_statement',
    'break_statement',
    'continue_statement',
    'yield_statement',
    'switch_block',
  ],
  parameterLists: ['formal_parameter_list', 'optional_formal_parameters'],
  detachedBodies: ['function_body'],
  argumentCalls: ['argument_part'],
};

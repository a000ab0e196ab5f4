import type { LanguageRoles } from './roles.js';

export const java: LanguageRoles = {
  name: 'java',
  wasm: 'tree-sitter-java.wasm',
  extensions: ['.java'],
  module: ['program'],
  class: ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'],
  function: ['method_declaration', 'constructor_declaration'],
  lambda: ['lambda_expression'],
  conditional: [
    'if_statement',
    'switch_expression',
    'switch_statement',
    'switch_block_statement_group',
    'switch_rule',
    'ternary_expression',
  ],
  loop: ['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement'],
  block: ['try_statement', 'try_with_resources_statement', 'catch_clause', 'synchronized_statement'],
  call: ['method_invocation', 'object_creation_expression'],
  string: ['string_literal'],
  identifier: ['identifier', 'type_identifier'],
  assignment: ['variable_declarator', 'assignment_expression'],
  return: ['return_statement'],
  conditionTypes: ['switch_label', 'catch_formal_parameter'],
  bodyTypes: ['block', 'switch_block'],
};

import { c } from './cpp.js';
import type { LanguageRoles } from './roles.js';

/**
 * Objective-C is C with classes and messages. `.h` stays C/C++'s and `.mm` (Objective-C++)
 * is not read: this grammar does not parse C++.
 */
export const objc: LanguageRoles = {
  ...c,
  name: 'objc',
  wasm: 'tree-sitter-objc.wasm',
  extensions: ['.m'],
  class: ['class_interface', 'class_implementation', 'protocol_declaration', 'struct_specifier'],
  function: ['function_definition', 'method_definition'],
  lambda: ['block_literal'],
  block: ['try_statement', 'catch_clause', 'finally_clause', 'synchronized_statement'],
  call: ['call_expression', 'message_expression'],
  string: ['string_literal'],
  identifier: ['identifier', 'field_identifier', 'type_identifier'],
  parameterTypes: ['method_parameter'],
};

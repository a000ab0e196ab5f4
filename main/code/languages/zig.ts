import type { LanguageRoles } from './roles.js';

/** Zig's types are values: `const Cart = struct {…}` is a class named by its binding. */
export const zig: LanguageRoles = {
  name: 'zig',
  wasm: 'tree-sitter-zig.wasm',
  extensions: ['.zig'],
  module: ['source_file'],
  class: ['struct_declaration', 'enum_declaration', 'union_declaration', 'opaque_declaration'],
  function: ['function_declaration'],
  lambda: [],
  conditional: ['if_statement', 'if_expression', 'switch_expression', 'switch_case'],
  loop: ['for_statement', 'while_statement', 'for_expression', 'while_expression'],
  block: ['defer_statement', 'errdefer_statement', 'test_declaration'],
  call: ['call_expression'],
  string: ['string'],
  identifier: ['identifier'],
  assignment: ['variable_declaration', 'assignment_expression'],
  return: ['return_expression'],
  bodyTypes: ['block', 'block_expression'],
};

import type { LanguageRoles } from './roles.js';

export const ruby: LanguageRoles = {
  name: 'ruby',
  wasm: 'tree-sitter-ruby.wasm',
  extensions: ['.rb'],
  module: ['program'],
  class: ['class', 'module', 'singleton_class'],
  function: ['method', 'singleton_method'],
  lambda: ['do_block', 'block', 'lambda'],
  conditional: ['if', 'unless', 'elsif', 'if_modifier', 'unless_modifier', 'case', 'when', 'conditional'],
  loop: ['while', 'until', 'for', 'while_modifier', 'until_modifier'],
  block: ['begin', 'rescue'],
  call: ['call', 'method_call'],
  string: ['string', 'simple_symbol', 'delimited_symbol'],
  identifier: ['identifier', 'constant', 'instance_variable', 'class_variable', 'global_variable'],
  assignment: ['assignment', 'operator_assignment'],
  return: ['return'],
  bodyTypes: ['then', 'else', 'body_statement', 'do'],
};

import type { LanguageRoles } from './roles.js';

export const lua: LanguageRoles = {
  name: 'lua',
  wasm: 'tree-sitter-lua.wasm',
  extensions: ['.lua'],
  module: ['chunk'],
  class: [],
  function: ['function_definition_statement', 'local_function_definition_statement'],
  lambda: ['function_definition'],
  conditional: ['if_statement', 'elseif_clause'],
  loop: ['for_numeric_statement', 'for_generic_statement', 'while_statement', 'repeat_statement'],
  block: ['do_statement'],
  call: ['call'],
  string: ['string'],
  identifier: ['identifier'],
  assignment: ['local_variable_declaration', 'variable_assignment'],
  return: ['return_statement'],
  bodyTypes: ['block'],
  targetTypes: ['variable_list'],
};

import type { LanguageRoles } from './roles.js';

export const python: LanguageRoles = {
  name: 'python',
  wasm: 'tree-sitter-python.wasm',
  extensions: ['.py'],
  module: ['module'],
  class: ['class_definition'],
  function: ['function_definition'],
  lambda: ['lambda'],
  conditional: ['if_statement', 'elif_clause', 'match_statement', 'case_clause'],
  loop: ['for_statement', 'while_statement'],
  block: ['try_statement', 'except_clause', 'with_statement'],
  call: ['call'],
  string: ['string'],
  identifier: ['identifier'],
  assignment: ['assignment', 'augmented_assignment'],
  return: ['return_statement'],
  conditionTypes: ['case_pattern'],
  bodyTypes: ['block'],
};

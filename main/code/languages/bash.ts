import type { LanguageRoles } from './roles.js';

/**
 * Shell scripts (a container's entrypoint is code its service runs). A bare word is a literal
 * (`fetch_flag loadGeneratorVUs` passes the text `loadGeneratorVUs`); a command calls its
 * name; `$(…)` gives its output to the variable it is assigned to. The prebuilt grammar
 * imports the C library's `isalpha`, which the runtime does not export: it is loaded with that
 * import renamed to `iswalpha` (`importRenames`).
 */
export const bash: LanguageRoles = {
  name: 'bash',
  wasm: 'tree-sitter-bash.wasm',
  extensions: ['.sh', '.bash'],
  module: ['program'],
  class: [],
  function: ['function_definition'],
  lambda: [],
  conditional: ['if_statement', 'elif_clause', 'case_statement', 'case_item'],
  loop: ['while_statement', 'for_statement', 'c_style_for_statement'],
  block: ['subshell'],
  call: ['command'],
  string: ['word', 'string', 'raw_string', 'ansi_c_string'],
  identifier: ['variable_name', 'command_name'],
  assignment: ['variable_assignment'],
  return: [],
  importRenames: { isalpha: 'iswalpha' },
};

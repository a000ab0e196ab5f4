import type { LanguageRoles } from './roles.js';

/**
 * Elixir writes definitions and control flow as calls (`def`, `defmodule`, `if`, `case`) and
 * binding as the `=` operator, so those take their roles by word (`byWord`). A `->` clause of
 * `case`, `cond`, `fn` or `rescue` is a branch on its pattern (`left`).
 */
export const elixir: LanguageRoles = {
  name: 'elixir',
  wasm: 'tree-sitter-elixir.wasm',
  extensions: ['.ex', '.exs'],
  module: ['source'],
  class: [],
  function: [],
  lambda: ['anonymous_function'],
  conditional: ['stab_clause'],
  loop: [],
  block: [],
  call: ['call'],
  string: ['string', 'charlist', 'atom', 'quoted_atom'],
  identifier: ['identifier', 'alias'],
  assignment: [],
  return: [],
  conditionFields: ['left'],
  parameterLists: ['arguments'],
  byWord: [
    {
      types: ['call'],
      field: 'target',
      arguments: 'arguments',
      roles: {
        class: ['defmodule', 'defprotocol', 'defimpl'],
        function: ['def', 'defp', 'defmacro', 'defmacrop', 'defguard', 'defguardp'],
        conditional: ['if', 'unless', 'case', 'cond', 'with'],
        loop: ['for'],
        block: ['try', 'receive'],
      },
    },
    { types: ['binary_operator'], field: 'operator', roles: { assignment: ['='] } },
  ],
};

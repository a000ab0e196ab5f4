import type { ScopeMessage, ScopesFormed } from './events-scopes.js';

/** The scope layer as the ledger records it (docs/scopes.md): the scopes formed and the messages between them. */
export interface ScopeLayerState {
  formed: ScopesFormed | null;
  messages: ScopeMessage[];
}

export function createScopeLayer(): ScopeLayerState {
  return { formed: null, messages: [] };
}

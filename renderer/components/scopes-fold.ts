import type { LedgerEvent, ScopeMessage, ScopesFormed } from '../../core/ledger/index.js';

export interface ScopesView {
  formed: ScopesFormed | null;
  messages: ScopeMessage[];
}

/** The scopes and their messages as of ledger position `seq` (docs/scopes.md): a fold, nothing recomputed. */
export function foldScopes(ledger: readonly LedgerEvent[], seq: number): ScopesView {
  let formed: ScopesFormed | null = null;
  const messages: ScopeMessage[] = [];
  for (const e of ledger) {
    if (e.seq > seq) break;
    if (e.type === 'ScopesFormed') formed = e;
    else if (e.type === 'ScopeMessage') messages.push(e);
  }
  return { formed, messages };
}

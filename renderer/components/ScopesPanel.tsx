import { useMemo } from 'react';
import type { ScopeRecord } from '../../core/ledger/index.js';
import { useWorkbench } from '../store/context.js';
import { foldScopes, type ScopesView } from './scopes-fold.js';
import { EmptyTab } from './EmptyTab.js';
import { showControls } from '../../core/text/index.js';

const MAX_ENTITIES = 12;

/** The alert scopes beside the graph (docs/scopes.md): the ledger's ScopesFormed and ScopeMessage events up to the view's position. */
export function ScopesPanel() {
  const ledger = useWorkbench((s) => s.ledger);
  const seq = useWorkbench((s) => s.investigation?.seq ?? -1);
  const view = useMemo(() => foldScopes(ledger, seq), [ledger, seq]);
  if (!view.formed)
    return (
      <EmptyTab title="Alert scopes">The alerts are grouped into scopes when the investigation starts: Run or Step to start.</EmptyTab>
    );
  return <ScopesList view={view} />;
}

/** Everything shown is text from the ledger, rendered as text (never markup). */
export function ScopesList({ view }: { view: ScopesView }) {
  const { formed, messages } = view;
  if (!formed) return null;
  const minutes = formed.windowMs / 60_000;
  return (
    <section className="scopes" aria-label="Alert scopes">
      <h2>Alert scopes</h2>
      <p className="muted" data-testid="scopes-summary">
        {formed.alerts} alert(s) → {formed.scopes.length} scope(s), window {minutes} min
        {formed.dismissed.length > 0
          ? `; dismissed: ${formed.dismissed.map((d) => `${d.signature} ×${d.alerts} (${d.reason})`).join(', ')}`
          : ''}
      </p>
      <ul className="scope-list">
        {formed.scopes.map((s) => (
          <ScopeItem key={s.id} scope={s} />
        ))}
      </ul>
      <h3>Messages</h3>
      {messages.length === 0 ? (
        <p className="muted">No message between scopes yet.</p>
      ) : (
        <ol className="scope-messages">
          {messages.map((m) => (
            <li key={m.seq} data-kind={m.kind} data-seq={m.seq}>
              <strong>
                {m.from} → {m.to}
              </strong>{' '}
              {m.kind} on {showControls(m.node)}: {showControls(m.text)}
              {m.evidence.length > 0 ? showControls(` [${m.evidence.join(', ')}]`) : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ScopeItem({ scope: s }: { scope: ScopeRecord }) {
  const top = s.signatures.slice(0, 3).map((x) => `${x.signature} ×${x.count}`);
  return (
    <li data-scope={s.id} data-kind={s.kind}>
      <details>
        <summary>
          {s.id} · {s.kind === 'signature' ? 'flood' : 'entity'} · {s.entities.length} entit{s.entities.length === 1 ? 'y' : 'ies'} ·{' '}
          {showControls(top.join(', '))}
        </summary>
        <p>
          {showControls(s.entities.slice(0, MAX_ENTITIES).join(', '))}
          {s.entities.length > MAX_ENTITIES ? ` and ${s.entities.length - MAX_ENTITIES} more` : ''}
        </p>
        {s.merged.length > 0 && <p className="muted">merged by {s.merged.join(' and ')}</p>}
        {s.neighbours.length > 0 && <p className="muted">neighbour scopes: {s.neighbours.join(', ')}</p>}
        {s.flood && (
          <p className="muted" data-testid="flood-summary">
            {s.flood.kept} kept of {s.flood.total} (filtered: {s.flood.filtered.severity} by severity, {s.flood.filtered.baseline} at
            baseline rate) on {s.flood.entities} entities; reached first: {showControls(s.flood.firstEntities.join(', '))}
          </p>
        )}
      </details>
    </li>
  );
}

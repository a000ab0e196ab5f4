import type { BeliefRevision } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { firedRulesAt } from './fired-rules.js';
import { showControls } from '../../core/text/index.js';

/**
 * Every label the node held, oldest first, with the rules that fired (from the ledger) and the
 * policy's reasoning (or the analyst's note). Everything is rendered as text: React escapes it.
 */
export function BeliefHistory({ history }: { history: readonly BeliefRevision[] }) {
  const ledger = useWorkbench((s) => s.ledger);
  return (
    <section aria-label="Belief history">
      <h3>Belief history ({history.length})</h3>
      <ol className="history">
        {history.map((h) => {
          const rules = firedRulesAt(ledger, h.seq);
          return (
            <li key={h.seq} data-label={h.label}>
              <span className="ev-seq">#{h.seq}</span> <span className={`pill pill-${h.label}`}>{h.label}</span> {h.confidence.toFixed(2)}
              {h.source === 'analyst' ? (
                <span className="human"> · human-asserted</span>
              ) : h.source !== 'policy' ? (
                <span className="muted"> · {h.source}</span>
              ) : null}
              <div className="muted">{showControls(h.summary)}</div>
              {rules.length > 0 && (
                <details className="fired-rules" data-testid="fired-rules">
                  <summary>Rules fired: {showControls(rules.map((r) => r.id).join(', '))}</summary>
                  <ul className="plain">
                    {rules.map((r, i) => (
                      <li key={i} data-rule={r.id}>
                        <code>{showControls(r.id)}</code> <span className="muted">{r.role ?? 'unknown rule'}</span> — {r.explanation}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              {h.reasoning.length > 0 && (
                <details>
                  <summary>Reasoning</summary>
                  <ul className="plain">
                    {h.reasoning.map((r, i) => (
                      <li key={i}>{showControls(r)}</li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

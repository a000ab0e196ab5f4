import type { BeliefRevision } from '../../core/ipc/index.js';

/** Every label the node held, oldest first, with the policy's reasoning (or the analyst's note). */
export function BeliefHistory({ history }: { history: readonly BeliefRevision[] }) {
  return (
    <section aria-label="Belief history">
      <h3>Belief history ({history.length})</h3>
      <ol className="history">
        {history.map((h) => (
          <li key={h.seq} data-label={h.label}>
            <span className="ev-seq">#{h.seq}</span> <span className={`pill pill-${h.label}`}>{h.label}</span> {h.confidence.toFixed(2)}
            {h.source === 'analyst' ? (
              <span className="human"> · human-asserted</span>
            ) : h.source !== 'policy' ? (
              <span className="muted"> · {h.source}</span>
            ) : null}
            <div className="muted">{h.summary}</div>
            {h.reasoning.length > 0 && (
              <details>
                <summary>Reasoning</summary>
                <ul className="plain">
                  {h.reasoning.map((r, i) => (
                    <li key={i}>{r}</li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

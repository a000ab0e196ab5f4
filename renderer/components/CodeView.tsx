import type { NodeInspection } from '../../core/ipc/index.js';
import { showControls } from '../../core/text/index.js';

type Drill = NonNullable<NodeInspection['code']>;

const statusText: Record<Drill['status'], string> = {
  located: 'located',
  'no-anchor': 'no evidence of this node meets its source',
  'no-match': 'the evidence met no block of its source',
};

/** The same, for a drill through a change into the services it acts on. */
const throughText: Record<Drill['status'], string> = {
  located: 'located',
  'no-anchor': 'its change names no key',
  'no-match': 'no service’s code reads the changed keys',
};

/**
 * The code layer's view of an Origin, folded from its CodeDrilled ledger event: the anchors
 * (the evidence that met the code) and each block, its source lines numbered and the block
 * highlighted. An Origin without source of its own (a ConfigMap) drilled through its change
 * lists the services searched, and each block names the service whose code reads the changed
 * key. Source is hostile input: rendered as text only (React escapes it).
 */
export function CodeView({ drill }: { drill: Drill }) {
  return (
    <section className="code-view" aria-label="Code" data-testid="code-view">
      <h3>Code ({drill.blocks.length})</h3>
      {drill.services === undefined ? (
        <p className="muted">
          {showControls(drill.root)}
          {drill.commit ? showControls(` @ ${drill.commit}`) : ''} · {statusText[drill.status]}
        </p>
      ) : (
        <>
          <p className="muted">Through its change, in the code of the services it acts on · {throughText[drill.status]}:</p>
          <ul className="plain" data-testid="code-services">
            {drill.services.map((s) => (
              <li key={s.service}>
                <span className="mono">{showControls(s.service)}</span>{' '}
                <span className="muted">
                  {showControls(s.root)}
                  {s.commit ? showControls(` @ ${s.commit}`) : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {drill.anchors.length > 0 && (
        <>
          <p className="muted">Anchors:</p>
          <ul className="plain">
            {drill.anchors.map((a, i) => (
              <li key={i}>
                <span className="mono">{a.kind}</span> {showControls(a.text)} <span className="muted">[{showControls(a.evidence)}]</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {drill.blocks.map((b, i) => (
        <div
          key={i}
          className="code-block"
          data-testid="code-block"
          data-function={b.function}
          data-file={b.file}
          data-service={b.service ?? ''}
        >
          <p>
            {b.service !== undefined && <span className="mono">{showControls(b.service ?? '')} · </span>}
            <span className="mono">
              {showControls(b.file)}:{b.startLine}-{b.endLine}
            </span>{' '}
            <strong>{showControls(b.function)}</strong> <span className="muted">{b.level}</span>
          </p>
          <p className="muted">{showControls(b.reason)}</p>
          <pre className="code-source">
            {b.snippet.split('\n').map((line, n) => (
              <span key={n} className="code-line code-line-highlight">
                <span className="code-lineno">{b.startLine + n}</span>
                {showControls(line)}
                {'\n'}
              </span>
            ))}
          </pre>
        </div>
      ))}
    </section>
  );
}

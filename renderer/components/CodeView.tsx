import type { NodeInspection } from '../../core/ipc/index.js';

type Drill = NonNullable<NodeInspection['code']>;

const statusText: Record<Drill['status'], string> = {
  located: 'located',
  'no-anchor': 'no evidence of this node meets its source',
  'no-match': 'the evidence met no block of its source',
};

/**
 * The code layer's view of an Origin, folded from its CodeDrilled ledger event: the anchors
 * (the evidence that met the code) and each block, its source lines numbered and the block
 * highlighted. Source is hostile input: rendered as text only (React escapes it).
 */
export function CodeView({ drill }: { drill: Drill }) {
  return (
    <section className="code-view" aria-label="Code" data-testid="code-view">
      <h3>Code ({drill.blocks.length})</h3>
      <p className="muted">
        {drill.root}
        {drill.commit ? ` @ ${drill.commit}` : ''} · {statusText[drill.status]}
      </p>
      {drill.anchors.length > 0 && (
        <>
          <p className="muted">Anchors:</p>
          <ul className="plain">
            {drill.anchors.map((a, i) => (
              <li key={i}>
                <span className="mono">{a.kind}</span> {a.text} <span className="muted">[{a.evidence}]</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {drill.blocks.map((b, i) => (
        <div key={i} className="code-block" data-testid="code-block" data-function={b.function} data-file={b.file}>
          <p>
            <span className="mono">
              {b.file}:{b.startLine}-{b.endLine}
            </span>{' '}
            <strong>{b.function}</strong> <span className="muted">{b.level}</span>
          </p>
          <p className="muted">{b.reason}</p>
          <pre className="code-source">
            {b.snippet.split('\n').map((line, n) => (
              <span key={n} className="code-line code-line-highlight">
                <span className="code-lineno">{b.startLine + n}</span>
                {line}
                {'\n'}
              </span>
            ))}
          </pre>
        </div>
      ))}
    </section>
  );
}

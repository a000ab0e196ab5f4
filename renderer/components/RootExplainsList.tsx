import { explainsText, type Diagnosis } from '../../core/diagnosis/index.js';
import { showControls } from '../../core/text/index.js';

/** What each root cause explains (the frontier's order), one line per frontier entry; nothing without one. */
export function RootExplainsList({ entities }: { entities: Diagnosis['entities'] }) {
  const roots = entities.flatMap((e) => (e.explains ? [{ name: e.name, explains: e.explains }] : []));
  if (roots.length === 0) return null;
  return (
    <>
      <h3>What each root cause explains</h3>
      <ul className="plain explains" aria-label="What each root cause explains">
        {roots.map((r) => (
          <li key={r.name} className={r.explains.concurrent ? 'concurrent' : ''}>
            {showControls(r.name)}
            <div className="muted">{showControls(explainsText(r.explains))}</div>
          </li>
        ))}
      </ul>
    </>
  );
}

import { CALIBRATION_DOC, outcomeWords } from '../../core/diagnosis/outcome-words.js';
import type { Client } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { DiagnosisDetails } from './DiagnosisDetails.js';
import { showControls } from '../../core/text/index.js';

/** The investigation's answer: outcome, grounded confidence and the frontier (or ranking). */
export function ResultPanel({ client }: { client: Client }) {
  const investigation = useWorkbench((s) => s.investigation);
  const selectNode = useWorkbench((s) => s.toggleSelectedNode);
  if (!investigation || investigation.status !== 'finished' || !investigation.outcome) return null;
  const { outcome, confidence, frontier, ranking } = investigation;
  const candidates = frontier.length > 0 ? frontier : ranking.slice(0, 5).map((r) => r.entity);
  const words = confidence ? outcomeWords({ outcome, frontier, confidence }) : null;
  return (
    <section className={`result ${outcome}`} aria-label="Result" data-frontier={frontier.join(' ')}>
      <h2>{words?.headline ?? (outcome === 'confident' ? 'Root cause found' : 'No confident root cause')}</h2>
      {confidence && words && (
        <>
          <p className="confidence-meaning" data-testid="confidence-meaning" title={CALIBRATION_DOC}>
            {words.meaning}
          </p>
          <p className="muted">
            stated {confidence.effective.toFixed(2)} ({confidence.grounding}; raw {confidence.raw.toFixed(2)}, cap{' '}
            {confidence.cap.toFixed(2)})
          </p>
        </>
      )}
      <h3>{frontier.length > 0 ? 'Frontier' : 'Best candidates (unconfirmed)'}</h3>
      <ol className="frontier">
        {candidates.map((id) => (
          <li key={id}>
            <button type="button" className="link" onClick={() => selectNode(id)}>
              {showControls(id)}
            </button>
          </li>
        ))}
      </ol>
      <DiagnosisDetails client={client} revision={investigation.revision} />
    </section>
  );
}

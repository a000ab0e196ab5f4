import type { Client } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { DiagnosisDetails } from './DiagnosisDetails.js';

const outcomeText = {
  confident: 'Root cause found',
  no_confident_root_cause: 'No confident root cause',
} as const;

/** The investigation's answer: outcome, grounded confidence and the frontier (or ranking). */
export function ResultPanel({ client }: { client: Client }) {
  const investigation = useWorkbench((s) => s.investigation);
  const selectNode = useWorkbench((s) => s.toggleSelectedNode);
  if (!investigation || investigation.status !== 'finished' || !investigation.outcome) return null;
  const { outcome, confidence, frontier, ranking } = investigation;
  const candidates = frontier.length > 0 ? frontier : ranking.slice(0, 5).map((r) => r.entity);
  return (
    <section className={`result ${outcome}`} aria-label="Result" data-frontier={frontier.join(' ')}>
      <h2>{outcomeText[outcome]}</h2>
      {confidence && (
        <p className="muted">
          confidence {confidence.effective.toFixed(2)} ({confidence.grounding}; raw {confidence.raw.toFixed(2)}, cap{' '}
          {confidence.cap.toFixed(2)})
        </p>
      )}
      <h3>{frontier.length > 0 ? 'Frontier' : 'Best candidates (unconfirmed)'}</h3>
      <ol className="frontier">
        {candidates.map((id) => (
          <li key={id}>
            <button type="button" className="link" onClick={() => selectNode(id)}>
              {id}
            </button>
          </li>
        ))}
      </ol>
      <DiagnosisDetails client={client} revision={investigation.revision} />
    </section>
  );
}

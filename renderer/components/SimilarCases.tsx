import type { SimilarCase } from '../../core/cases/index.js';
import { showControls } from '../../core/text/index.js';

const SCORE_TITLE =
  'Cosine similarity of the two incidents’ fingerprints (alert signatures, entity roles, evidence and change kinds), each weighted by how rare it is in the library: 1 is the same kinds throughout (docs/cases.md §3).';

/**
 * "Have we seen this before?" (docs/cases.md, docs/ui.md): the past cases of the library most
 * like this incident, best first, with what was found then and what they share. Nothing
 * without a library (`similar` absent); a short line when nothing is similar enough. Case
 * names, entity ids and the shared entries are the snapshots' text: React renders them as text.
 */
export function SimilarCases({
  similar,
  onOpen,
  onLesson,
  isOpening,
}: {
  similar: readonly SimilarCase[] | undefined;
  onOpen: (name: string) => void;
  /** Opens the case's snapshot and the trainer, to start a lesson on it (docs/cases.md §1). */
  onLesson: (name: string) => void;
  isOpening: boolean;
}) {
  if (similar === undefined) return null;
  return (
    <section className="similar-cases" aria-label="Similar past cases">
      <h3>Similar past cases</h3>
      {similar.length === 0 ? (
        <p className="muted">No past case in the library is similar enough.</p>
      ) : (
        <ol className="plain">
          {similar.map((s) => (
            <li key={s.case} className="similar-case" data-case={s.case}>
              <div className="similar-head">
                <span className="similar-name">{showControls(s.case)}</span>
                <span className="similar-score" title={SCORE_TITLE}>
                  score {s.score.toFixed(2)}
                </span>
              </div>
              <p className="similar-found">
                Found then: {s.frontier[0] === undefined ? 'no root cause' : <code>{showControls(s.frontier[0])}</code>}
                {s.frontier[0] === undefined ? '' : `, a ${s.cause} cause`}
                {s.frontier.length > 1 ? ` (and ${s.frontier.length - 1} more)` : ''}
              </p>
              {s.why.length > 0 && (
                <ul className="similar-why" aria-label="Shared">
                  {s.why.map((w) => (
                    <li key={w}>{showControls(w)}</li>
                  ))}
                </ul>
              )}
              <button
                type="button"
                disabled={isOpening}
                title="Open this past case as a read-only replay of its recording: step through what was found then"
                onClick={() => onOpen(s.case)}
              >
                Open replay
              </button>
              {s.hasSnapshot && (
                <button
                  type="button"
                  disabled={isOpening}
                  title="Open the snapshot this case was investigated from, then the trainer: a trainee walks it one step at a time"
                  onClick={() => onLesson(s.case)}
                >
                  Start a lesson
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

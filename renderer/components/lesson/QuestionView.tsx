import { useState } from 'react';
import type { Client, LessonView } from '../../../core/ipc/index.js';
import { EvidenceCharts } from '../charts/EvidenceCharts.js';
import { showControls } from '../../../core/text/index.js';

const labels = ['Healthy', 'Origin', 'Symptom', 'Defer'] as const;
type Label = (typeof labels)[number];

export interface QuestionActions {
  hint(): void;
  answer(label: Label, cited: string[], hypothesis: string): void;
}

/**
 * One step of a lesson: the node the engine evaluates next, the part of its packet revealed so
 * far, its charts; the trainee chooses a label, ticks the evidence that justifies it and may
 * write a hypothesis. Snapshot text is rendered as text.
 */
export function QuestionView({
  client,
  view,
  actions,
  isBusy,
}: {
  client: Client;
  view: LessonView;
  actions: QuestionActions;
  isBusy: boolean;
}) {
  const q = view.question;
  const [label, setLabel] = useState<Label | null>(null);
  const [cited, setCited] = useState<string[]>([]);
  const [hypothesis, setHypothesis] = useState('');
  const [highlight, setHighlight] = useState<string | null>(null);
  if (!q) return null;
  const isAnswering = view.status === 'question';
  const toggle = (id: string): void => setCited((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <section className="lesson-question" aria-label="Lesson step" data-step={q.index} data-node={q.node}>
      <h3>
        Step {q.index}: <span className="mono">{showControls(q.node)}</span>
      </h3>
      <p className="muted">
        The engine evaluates this node now. Label it from its context packet and charts, cite the evidence that justifies your label, then
        commit to see the engine’s judgement.
      </p>
      <div className="lesson-columns">
        <div>
          <h4>Neighbours ({q.neighbours.length})</h4>
          <ul className="plain">
            {q.neighbours.map((n) => (
              <li key={`${n.direction}:${n.relation}:${n.id}`}>
                <span className="muted">{n.direction === 'out' ? `${n.relation} →` : `← ${n.relation}`}</span> {showControls(n.id)}
              </li>
            ))}
          </ul>
          <h4>
            Evidence ({q.evidence.length} shown{q.hiddenEvidence > 0 ? `, ${q.hiddenEvidence} hidden` : ''})
          </h4>
          <ul className="plain evidence">
            {q.evidence.map((e) => (
              <li key={e.id} data-evidence-id={e.id}>
                <label>
                  <input
                    type="checkbox"
                    disabled={!isAnswering}
                    checked={cited.includes(e.id)}
                    onChange={() => toggle(e.id)}
                    aria-label={`cite ${e.id}`}
                  />{' '}
                  <span className="tag">{e.kind}</span>
                </label>{' '}
                <button
                  type="button"
                  className="link cite"
                  aria-pressed={highlight === e.id}
                  onClick={() => setHighlight(highlight === e.id ? null : e.id)}
                >
                  {e.id}
                </button>{' '}
                {showControls(e.summary)}
              </li>
            ))}
          </ul>
          {q.inbox && (
            <>
              <h4>Inbox ({q.inbox.length})</h4>
              <ul className="plain">
                {q.inbox.map((m, i) => (
                  <li key={i}>
                    from {showControls(m.from)}: <strong>{m.label}</strong> <span className="muted">{showControls(m.summary)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {isAnswering && (
            <form
              className="lesson-answer"
              aria-label="Your answer"
              onSubmit={(event) => {
                event.preventDefault();
                if (label) actions.answer(label, cited, hypothesis);
              }}
            >
              <fieldset>
                <legend>Your label</legend>
                {labels.map((l) => (
                  <label key={l} className={`pill pill-${l}`}>
                    <input type="radio" name="lesson-label" value={l} checked={label === l} onChange={() => setLabel(l)} /> {l}
                  </label>
                ))}
              </fieldset>
              <label className="block">
                Hypothesis (optional)
                <textarea value={hypothesis} maxLength={4000} rows={2} onChange={(e) => setHypothesis(e.target.value)} />
              </label>
              <div className="row">
                <button
                  type="button"
                  disabled={isBusy || q.hintsLeft === 0}
                  onClick={actions.hint}
                  title="Reveals one more part of the packet; costs 0.25 points"
                >
                  Hint ({q.hintsLeft} left, −0.25)
                </button>
                <button type="submit" className="primary" disabled={isBusy || !label}>
                  Commit answer
                </button>
              </div>
            </form>
          )}
        </div>
        <div>
          <EvidenceCharts client={client} node={q.node} version={q.seq * 100 + q.hintsUsed} highlight={highlight} />
        </div>
      </div>
    </section>
  );
}

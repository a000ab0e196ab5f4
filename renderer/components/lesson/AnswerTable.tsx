import { useState } from 'react';
import type { LessonView } from '../../../core/ipc/index.js';
import { showControls } from '../../../core/text/index.js';

/** Each committed step: the trainee's answer beside the engine's, and the trainer's notes on it. */
export function AnswerTable({ view, onNote }: { view: LessonView; onNote: (seq: number, text: string) => void }) {
  if (view.answers.length === 0) return null;
  const general = view.notes.filter((n) => n.seq === -1);
  return (
    <section aria-label="Answers" className="lesson-answers">
      <h3>Steps</h3>
      <ul className="plain">
        {general.map((n, i) => (
          <li key={i}>{n.text}</li>
        ))}
      </ul>
      <NoteForm onNote={(text) => onNote(-1, text)} label="Note on the lesson" />
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>node</th>
            <th>you</th>
            <th>engine</th>
            <th>cited (you / engine)</th>
            <th>notes</th>
          </tr>
        </thead>
        <tbody>
          {view.answers.map((a) => (
            <tr key={a.index} data-step={a.index} data-agrees={a.label === a.engine.label ? 'true' : 'false'}>
              <td>{a.index}</td>
              <td className="mono">{showControls(a.node)}</td>
              <td>
                <span className={`pill pill-${a.label}`}>{a.label}</span>
                {a.hints > 0 && <span className="muted"> · {a.hints} hints</span>}
                {a.hypothesis && <div className="muted">{a.hypothesis}</div>}
              </td>
              <td data-testid="engine-judgement">
                <span className={`pill pill-${a.engine.label}`}>{a.engine.label}</span> {a.engine.confidence.toFixed(2)}
                <div className="muted">{showControls(a.engine.summary)}</div>
              </td>
              <td className="mono">
                {a.cited.join(', ') || '—'} / {a.engine.evidence.join(', ') || '—'}
              </td>
              <td>
                <ul className="plain">
                  {view.notes
                    .filter((n) => n.seq === a.seq)
                    .map((n, i) => (
                      <li key={i}>{n.text}</li>
                    ))}
                </ul>
                <NoteForm onNote={(text) => onNote(a.seq, text)} label={`Note on step ${a.index}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function NoteForm({ onNote, label }: { onNote: (text: string) => void; label: string }) {
  const [text, setText] = useState('');
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onNote(text.trim());
        setText('');
      }}
    >
      <input aria-label={label} placeholder="Trainer note" value={text} maxLength={4000} onChange={(e) => setText(e.target.value)} />
      <button type="submit" disabled={!text.trim()}>
        Add
      </button>
    </form>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { Client, LessonStatus, LessonView } from '../../../core/ipc/index.js';
import { errorMessage } from '../../store/session-slice.js';
import { AnswerTable } from './AnswerTable.js';
import { ClassTableView } from './ClassTableView.js';
import { keptNotice, startConfirmation } from './kept-investigation.js';
import { QuestionView } from './QuestionView.js';
import { ScoreCardView } from './ScoreCardView.js';

/**
 * Trainer mode: start a lesson on the open incident, walk the engine's investigation one node
 * at a time (answers hidden until committed), then the score card, the trainer's notes and the
 * class table. Everything comes from the lesson channels, which carry only what the trainee
 * has earned. The analyst's investigation is set aside meanwhile; `onClose` is told whether a
 * lesson was left, so the workbench reloads the investigation it gives back.
 */
export function LessonPanel({ client, onClose }: { client: Client; onClose: (isLessonLeft: boolean) => void }) {
  const [status, setStatus] = useState<LessonStatus | null>(null);
  const [view, setView] = useState<LessonView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [trainee, setTrainee] = useState('');

  useEffect(() => {
    client.invoke('lesson.status', {}).then(
      (s) => {
        setStatus(s);
        setView(s.lesson);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [client]);

  const act = useCallback(async (call: () => Promise<LessonView>) => {
    setBusy(true);
    try {
      setView(await call());
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, []);
  const leave = async (): Promise<void> => {
    await client.invoke('lesson.leave', {}).catch(() => undefined);
    onClose(view !== null);
  };
  const start = async (): Promise<void> => {
    // Asked again: a run may have started or stopped since the panel opened.
    const current = await client.invoke('lesson.status', {}).catch(() => status);
    const question = startConfirmation(current?.investigation ?? null);
    if (question !== null && !window.confirm(question)) return;
    await act(() => client.invoke('lesson.start', { trainee }));
  };
  const notice = keptNotice(status?.investigation ?? null);

  return (
    <section className="lesson-panel" aria-label="Trainer" data-status={view?.status ?? 'none'}>
      <header className="row">
        <h2>Trainer{view ? ` — lesson for ${view.trainee}` : ''}</h2>
        <span className="spacer" />
        {view && view.status !== 'finished' && (
          <button type="button" disabled={isBusy} onClick={() => void act(() => client.invoke('lesson.finish', {}))}>
            Finish lesson
          </button>
        )}
        <button type="button" onClick={() => void leave()}>
          {view && view.status !== 'finished' ? 'Leave lesson' : 'Back to the workbench'}
        </button>
      </header>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!view && status && (
        <form
          className="lesson-start"
          aria-label="Start a lesson"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <p>
            A lesson walks the engine’s investigation of this incident one node at a time. At each step the trainee sees the node’s context
            packet and charts, chooses a label and cites evidence; the engine’s judgement is shown after they commit. The engine’s labels,
            the diagnosis and the ground truth stay hidden until then.
          </p>
          <p className="muted">
            {status.isAvailable ? '' : 'Open an incident snapshot (not a replayed ledger) to start a lesson. '}
            {status.hasGroundTruth
              ? 'This incident has a ground truth: the score card compares with it.'
              : 'No ground_truth.yaml: the score card compares with the engine only.'}
          </p>
          {notice && (
            <p className="muted" data-testid="kept-investigation">
              {notice}
            </p>
          )}
          <label>
            Trainee <input value={trainee} maxLength={200} onChange={(e) => setTrainee(e.target.value)} placeholder="name" />
          </label>{' '}
          <button type="submit" className="primary" disabled={isBusy || !status.isAvailable || !trainee.trim()}>
            Start lesson
          </button>
        </form>
      )}
      {view && view.status !== 'finished' && view.question && (
        <QuestionView
          key={view.question.seq}
          client={client}
          view={view}
          isBusy={isBusy}
          actions={{
            hint: () => void act(() => client.invoke('lesson.hint', {})),
            answer: (label, cited, hypothesis) => void act(() => client.invoke('lesson.answer', { label, cited, hypothesis })),
          }}
        />
      )}
      {view?.status === 'revealed' && (
        <div className="row">
          <button type="button" className="primary" disabled={isBusy} onClick={() => void act(() => client.invoke('lesson.next', {}))}>
            Next step
          </button>
        </div>
      )}
      {view && <ScoreCardView view={view} />}
      {view && <AnswerTable view={view} onNote={(seq, text) => void act(() => client.invoke('lesson.note', { seq, text }))} />}
      {(!view || view.status === 'finished') && <ClassTableView client={client} version={view?.answers.length ?? 0} />}
    </section>
  );
}

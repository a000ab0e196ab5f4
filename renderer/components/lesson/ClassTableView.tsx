import { useCallback, useEffect, useState } from 'react';
import type { ClassTable, Client } from '../../../core/ipc/index.js';
import { errorMessage } from '../../store/session-slice.js';
import { downloadText } from '../download.js';
import { showControls } from '../../../core/text/index.js';

const pct = (r: number | null | undefined): string => (r === null || r === undefined ? '—' : `${Math.round(r * 100)} %`);

/** Every trainee's attempt at this incident's lesson, side by side, with the lesson's exports and import. */
export function ClassTableView({ client, version }: { client: Client; version: number }) {
  const [table, setTable] = useState<ClassTable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    client.invoke('lesson.class', {}).then(setTable, (e: unknown) => setError(errorMessage(e)));
  }, [client]);
  useEffect(load, [load, version]);

  const save = (format: 'html' | 'bundle' | 'csv' | 'json'): void => {
    client.invoke('lesson.export', { format }).then(
      (f) => downloadText(f.filename, f.mimeType, f.content),
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  const importFile = async (file: File): Promise<void> => {
    try {
      setTable(await client.invoke('lesson.import', { content: await file.text() }));
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section className="class-table" aria-label="Class table">
      <h3>Class table{table ? showControls(` — ${table.title}`) : ''}</h3>
      {error && <p className="error">{error}</p>}
      {table && table.rows.length === 0 && <p className="muted">No attempt at this lesson yet.</p>}
      {table && table.rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>trainee</th>
              <th>steps</th>
              <th>hints</th>
              <th>points</th>
              <th>vs engine</th>
              <th>vs truth</th>
              <th>frontier P / R</th>
              <th>citations</th>
              <th>first divergence</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.attemptId} data-trainee={r.trainee}>
                <td>{r.trainee}</td>
                <td>{r.score?.steps ?? '—'}</td>
                <td>{r.score?.hints ?? '—'}</td>
                <td>{r.score ? r.score.points.toFixed(2) : 'unfinished'}</td>
                <td>{pct(r.score?.agreementWithEngine)}</td>
                <td>{pct(r.score?.agreementWithTruth)}</td>
                <td>
                  {pct(r.score?.frontierPrecision)} / {pct(r.score?.frontierRecall)}
                </td>
                <td>{pct(r.score?.citationPrecision)}</td>
                <td>
                  {r.score?.firstDivergence ? showControls(`step ${r.score.firstDivergence.index} (${r.score.firstDivergence.node})`) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <button type="button" onClick={() => save('html')}>
          Export lesson (HTML)
        </button>
        <button type="button" onClick={() => save('bundle')}>
          Export lesson bundle
        </button>
        <button type="button" onClick={() => save('csv')}>
          Class table CSV
        </button>
        <button type="button" onClick={() => save('json')}>
          Class table JSON
        </button>
        <label className="button-like">
          Import lesson bundle
          <input
            type="file"
            accept=".json,application/json"
            hidden
            onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
          />
        </label>
      </div>
    </section>
  );
}

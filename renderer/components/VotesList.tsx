import type { DiagnosisVote } from '../../core/diagnosis/index.js';
import { showControls } from '../../core/text/index.js';

/**
 * The vote over the runs of a voted investigation (docs/voting.md): each run's root anomaly,
 * weight and score, the winner marked. Entity names come from the snapshot: React escapes them.
 */
export function VotesList({ votes }: { votes: readonly DiagnosisVote[] }) {
  const winner = votes.find((v) => v.winner)?.run ?? 0;
  return (
    <>
      <h3>Votes ({votes.length} runs)</h3>
      {winner !== 0 && (
        <p className="muted">The graph and timeline show run 0&apos;s walk; this diagnosis and its export are run {winner}&apos;s.</p>
      )}
      <table className="votes" aria-label="Votes">
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">root</th>
            <th scope="col">weight</th>
            <th scope="col">score</th>
          </tr>
        </thead>
        <tbody>
          {votes.map((v) => (
            <tr key={v.run} className={v.winner ? 'winner' : ''} aria-current={v.winner ? 'true' : undefined}>
              <td>
                {v.run}
                {v.winner ? ' ★ winner' : ''}
              </td>
              <td>{v.root ? showControls(`${v.root.entity} (${v.root.type})`) : '(no root)'}</td>
              <td>{v.weight.toFixed(2)}</td>
              <td>{v.score.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

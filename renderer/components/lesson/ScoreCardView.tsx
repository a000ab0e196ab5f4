import type { LessonView } from '../../../core/ipc/index.js';
import { showControls } from '../../../core/text/index.js';

const pct = (r: number | null): string => (r === null ? '—' : `${Math.round(r * 100)} %`);

/** The end of an attempt: agreement, frontier precision/recall, citation precision, where reasoning first diverged. */
export function ScoreCardView({ view }: { view: LessonView }) {
  const s = view.score;
  if (!s) return null;
  const rows: [string, string, string][] = [
    ['steps', 'Steps answered', String(s.steps)],
    ['hints', 'Hints used', String(s.hints)],
    ['points', 'Points', s.points.toFixed(2)],
    ['agreement-engine', 'Label agreement with the engine', pct(s.agreementWithEngine)],
    ['agreement-truth', 'Label agreement with the ground truth', view.hasGroundTruth ? pct(s.agreementWithTruth) : 'no ground truth'],
    ['frontier', 'Your frontier (last label Origin)', s.frontier.join(', ') || '(none)'],
    ['frontier-pr', 'Frontier precision / recall (ITBench)', `${pct(s.frontierPrecision)} / ${pct(s.frontierRecall)}`],
    [
      'engine-frontier',
      'Engine frontier, precision / recall',
      `${s.engineFrontier.join(', ') || '(none)'} · ${pct(s.engineFrontierPrecision)} / ${pct(s.engineFrontierRecall)}`,
    ],
    ['citations', 'Citation precision', pct(s.citationPrecision)],
    [
      'divergence',
      'Reasoning first diverged',
      s.firstDivergence
        ? `step ${s.firstDivergence.index}, ${s.firstDivergence.node}: you ${s.firstDivergence.trainee}, engine ${s.firstDivergence.engine}${s.firstDivergence.truth ? `, truth ${s.firstDivergence.truth}` : ''}`
        : 'never: every label agreed with the engine',
    ],
  ];
  return (
    <section className="score-card" aria-label="Score card">
      <h3>Score card — {view.trainee}</h3>
      <table>
        <tbody>
          {rows.map(([key, name, value]) => (
            <tr key={key} data-score={key}>
              <th>{name}</th>
              <td>{showControls(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

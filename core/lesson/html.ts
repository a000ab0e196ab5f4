import type { EntityCharts } from '../charts/index.js';
import { escapeHtml as h, renderChartsSection, reportCss, truncate } from '../report/index.js';
import { formatIsoText } from '../time/index.js';
import type { LessonAnswer, LessonBundle, ScoreCard, TrainerNote } from './schema.js';

const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const pct = (r: number | null): string => (r === null ? '—' : `${Math.round(r * 100)} %`);

function scoreTable(s: ScoreCard): string {
  const rows: [string, string][] = [
    ['steps', String(s.steps)],
    ['hints used', String(s.hints)],
    ['points', s.points.toFixed(2)],
    ['label agreement with the engine', pct(s.agreementWithEngine)],
    ['label agreement with the ground truth', pct(s.agreementWithTruth)],
    ['trainee frontier', s.frontier.join(', ') || '(none)'],
    ['frontier precision / recall', `${pct(s.frontierPrecision)} / ${pct(s.frontierRecall)}`],
    ['engine frontier precision / recall', `${pct(s.engineFrontierPrecision)} / ${pct(s.engineFrontierRecall)}`],
    ['citation precision', pct(s.citationPrecision)],
    [
      'first divergence',
      s.firstDivergence
        ? `step ${s.firstDivergence.index}, ${s.firstDivergence.node}: trainee ${s.firstDivergence.trainee}, engine ${s.firstDivergence.engine}${s.firstDivergence.truth ? `, truth ${s.firstDivergence.truth}` : ''}`
        : 'none',
    ],
  ];
  return `<table><tbody>${rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(v)}</td></tr>`).join('')}</tbody></table>`;
}

function stepHtml(a: LessonAnswer, notes: readonly TrainerNote[]): string {
  const agree = a.label === a.engine.label;
  const noteItems = notes.filter((n) => n.seq === a.seq).map((n) => `<li>${h(truncate(n.text, 4000))}</li>`);
  return [
    `<h3>Step ${a.index}: ${h(a.node)} <span class="muted">ledger #${a.seq}</span></h3>`,
    '<table><thead><tr><th></th><th>trainee</th><th>engine</th></tr></thead><tbody>',
    `<tr><th>label</th><td>${h(a.label)}</td><td>${h(a.engine.label)} (${a.engine.confidence.toFixed(2)})${agree ? '' : ' <strong>— differs</strong>'}</td></tr>`,
    `<tr><th>evidence cited</th><td class="mono">${h(a.cited.join(', ') || '—')}</td><td class="mono">${h(a.engine.evidence.join(', ') || '—')}</td></tr>`,
    `<tr><th>reasoning</th><td>${h(truncate(a.hypothesis, 2000) || '—')}</td><td>${h(truncate(a.engine.summary, 2000))}</td></tr>`,
    `<tr><th>hints</th><td>${a.hints}</td><td></td></tr>`,
    '</tbody></table>',
    noteItems.length > 0 ? `<p class="muted">Trainer notes:</p><ul>${noteItems.join('')}</ul>` : '',
  ].join('\n');
}

/**
 * A lesson as one self-contained HTML file: per attempt its steps (the trainee's answer beside
 * the engine's), the trainer's notes, the score card, and the evidence charts of the nodes
 * walked as static SVG. No scripts, no external resources; every string escaped.
 */
export function renderLessonHtml(bundle: LessonBundle, charts: readonly EntityCharts[]): string {
  const general = bundle.notes.filter((n) => n.seq === -1).map((n) => `<li>${h(truncate(n.text, 4000))}</li>`);
  const attempts = bundle.attempts.flatMap((att, i) => [
    `<h2>Attempt ${i + 1}: ${h(att.trainee)}</h2>`,
    `<p class="muted">started ${h(formatIsoText(att.startedAt))}${att.finishedAt ? `, finished ${h(formatIsoText(att.finishedAt))}` : ' (not finished)'}</p>`,
    att.score ? scoreTable(att.score) : '',
    ...att.answers.map((a) => stepHtml(a, bundle.notes)),
  ]);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    `<title>EoG lesson — ${h(bundle.title)}</title>`,
    `<style>${reportCss}</style>`,
    '</head>',
    '<body><main>',
    `<h1>Lesson: ${h(bundle.title)}</h1>`,
    `<p class="muted">EoG Workbench lesson · incident <span class="mono">${h(bundle.lessonId)}</span> · ${bundle.groundTruth ? 'with ground truth' : 'no ground truth'}</p>`,
    general.length > 0 ? `<h2>Trainer notes</h2><ul>${general.join('')}</ul>` : '',
    ...attempts,
    ...renderChartsSection(charts),
    '</main></body>',
    '</html>',
    '',
  ].join('\n');
}

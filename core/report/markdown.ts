import type { Diagnosis } from '../diagnosis/index.js';
import { escapeMarkdown as md, showControls } from './escape.js';
import { buildReportView, formatNumber, modelProseHeading } from './view.js';
import { hypothesisMarkdown } from './hypotheses.js';
import { redHerringMarkdown } from './red-herrings.js';
import { causalGraphMarkdown } from './causal-graph.js';
import type { ReportOptions, ReportView } from './view.js';

/**
 * The diagnosis as a Markdown report for people. Every value from the snapshot goes through
 * escapeMarkdown, so a log line can neither run as HTML nor break a table or a heading.
 */
export function renderMarkdown(diagnosis: Diagnosis, options: ReportOptions = {}): string {
  const view = buildReportView(diagnosis, options);
  const out: string[] = [`# ${md(view.title)}`, ''];
  if (view.inProgress) {
    out.push(
      `> **Investigation in progress — ${view.inProgress.steps} steps** (${view.inProgress.status}). This is the state so far, not a final result.`,
      '',
    );
  }
  out.push('## Outcome', '', view.isConfident ? `**${md(view.outcome)}**` : `**Unconfirmed.** ${md(view.outcome)}`, '');
  const c = view.confidence;
  out.push(
    '## Confidence',
    '',
    md(view.confidenceMeaning),
    '',
    '| raw | grounding | cap | effective | calibrated |',
    '|---|---|---|---|---|',
  );
  out.push(
    `| ${formatNumber(c.raw)} | ${c.grounding} | ${formatNumber(c.cap)} | ${formatNumber(c.effective)} | ${c.calibrated === undefined ? '—' : formatNumber(c.calibrated)} |`,
    '',
  );
  out.push(
    ...entitySection(view),
    ...hypothesisMarkdown(diagnosis),
    ...redHerringMarkdown(diagnosis),
    ...causalGraphMarkdown(diagnosis),
    ...chainSection(view),
    ...alertSection(view),
    ...rankingSection(view),
    ...evidenceSection(view),
  );
  out.push(...proseSection(view));
  out.push('## Run', '', ...view.run.map(([k, v]) => `- **${k}:** ${md(v)}`), '');
  return out.join('\n');
}

function proseSection(view: ReportView): string[] {
  const prose = view.modelProse;
  if (prose === null) return [];
  const out = [`## ${modelProseHeading}`, '', `> Written by the model ${md(prose.model)}.${prose.note ? ` ${md(prose.note)}` : ''}`, ''];
  for (const [name, text] of prose.items) out.push(`- **${md(name)}** (model text): ${md(text)}`);
  return [...out, ''];
}

function entitySection(view: ReportView): string[] {
  const out = [view.isConfident ? '## Root causes and the entities they explain' : '## Candidates (unconfirmed)', ''];
  if (view.entities.length === 0) out.push('No entity is on an explanation.', '');
  for (const e of view.entities) {
    out.push(
      `### ${md(e.name)}${e.isRootCause ? ' — root cause' : ''}${e.isAnalystAsserted ? ' — asserted by an analyst, not tool evidence' : ''}`,
      '',
      `**Reasoning:** ${md(e.reasoning) || '—'}`,
      '',
    );
    if (e.explains) out.push(`**Explains:** ${md(e.explains)}`, '');
    if (e.rules.length > 0)
      out.push('**Rules fired:**', '', ...e.rules.map((r) => `- ${md(r.id)} (${md(r.role)}): ${md(r.explanation)}`), '');
    if (e.evidence.length > 0) out.push('**Evidence:**', '', ...e.evidence.map((line) => `- ${md(line)}`), '');
    for (const c of e.code)
      out.push(
        `**Code:** ${c.service === null ? '' : `${md(c.service)} `}${md(c.location)} in ${md(c.function)}: ${md(c.reason)}`,
        '',
        ...fenced(c.snippet),
        '',
      );
  }
  return out;
}

/** Source as a fenced block: the fence is longer than any backtick run inside, so the source cannot close it. */
function fenced(source: string): string[] {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [fence, showControls(source), fence];
}

function chainSection(view: ReportView): string[] {
  const out = ['## Propagation chain', ''];
  if (view.propagations.length === 0) return [...out, 'No propagation was claimed.', ''];
  view.propagations.forEach((p, i) => {
    const how = [p.condition, p.effect]
      .filter((s) => s !== '')
      .map(md)
      .join(' → ');
    out.push(`${i + 1}. ${md(p.source)} → ${md(p.target)}${how ? `: ${how}` : ''}`);
  });
  return [...out, ''];
}

function alertSection(view: ReportView): string[] {
  const out = ['## Alerts explained', ''];
  if (view.alerts.length === 0) return [...out, 'No alert was recorded for this investigation.', ''];
  out.push('| alert | explained | explanation |', '|---|---|---|');
  for (const a of view.alerts) out.push(`| ${md(a.alert)} | ${a.explained ? 'yes' : '**no**'} | ${md(a.explanation)} |`);
  return [...out, ''];
}

function rankingSection(view: ReportView): string[] {
  const out = ['## Ranking of visited entities', ''];
  if (view.ranking.length === 0) return [...out, 'No entity was evaluated.', ''];
  out.push('| # | entity | score |', '|---:|---|---:|');
  for (const r of view.ranking) out.push(`| ${r.rank} | ${md(r.entity)} | ${r.score} |`);
  return [...out, ''];
}

function evidenceSection(view: ReportView): string[] {
  const out = ['## Evidence', ''];
  if (view.evidence.length === 0) return [...out, 'No evidence is cited.', ''];
  out.push('| id | entity | kind | summary | source | sha256 | extractor |', '|---|---|---|---|---|---|---|');
  for (const e of view.evidence) {
    out.push(`| ${md(e.id)} | ${md(e.entity)} | ${e.kind} | ${md(e.summary)} | ${md(e.location)} | ${md(e.sha)} | ${md(e.extractor)} |`);
  }
  return [...out, ''];
}

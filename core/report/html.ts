import type { Diagnosis } from '../diagnosis/index.js';
import { escapeHtml as h } from './escape.js';
import { InvalidGraphImageError } from './errors.js';
import { buildReportGraph } from './graph.js';
import { reportCss } from './html-style.js';
import { renderChartsSection } from './charts-svg.js';
import { renderGraphSvg } from './svg.js';
import { buildReportView, formatNumber, modelProseHeading } from './view.js';
import { hypothesisHtml } from './hypotheses.js';
import { redHerringHtml } from './red-herrings.js';
import { causalGraphHtml } from './causal-graph.js';
import type { ReportOptions, ReportView } from './view.js';

const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const pngDataUrl = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * A self-contained HTML report: inline CSS, an inline SVG of the explanatory graph, no
 * scripts and no external resources, under a CSP that would block them anyway. Every
 * snapshot-derived string is HTML-escaped.
 */
export function renderHtml(diagnosis: Diagnosis, options: ReportOptions = {}): string {
  if (options.graphPng !== undefined && !pngDataUrl.test(options.graphPng)) throw new InvalidGraphImageError();
  const view = buildReportView(diagnosis, options);
  const graph = renderGraphSvg(buildReportGraph(diagnosis, options.state));
  const png = options.graphPng ? `<p><img class="graph-png" alt="Graph canvas" src="${options.graphPng}"></p>` : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>EoG diagnosis — ${h(view.title)}</title>`,
    `<style>${reportCss}</style>`,
    '</head>',
    '<body><main>',
    `<h1>${h(view.title)}</h1>`,
    '<p class="muted">EoG Workbench diagnosis report</p>',
    ...header(view),
    '<h2>Explanatory graph</h2>',
    `<div class="graph-box">${graph}</div>`,
    '<p class="muted">Red outline: root cause (frontier). Arrows: “explains”. Dashed: discovered from evidence, not in the topology.</p>',
    png,
    ...entities(view),
    ...hypothesisHtml(diagnosis),
    ...redHerringHtml(diagnosis),
    ...causalGraphHtml(diagnosis),
    ...chain(view),
    ...alerts(view),
    ...ranking(view),
    ...renderChartsSection(options.charts ?? []),
    ...evidence(view),
    ...prose(view),
    '<h2>Run</h2>',
    table(
      ['', ''],
      view.run.map(([k, v]) => [`<th>${h(k)}</th>`, `<td class="mono">${h(v)}</td>`]),
      false,
    ),
    '</main></body>',
    '</html>',
    '',
  ].join('\n');
}

function header(view: ReportView): string[] {
  const out: string[] = [];
  if (view.inProgress) {
    out.push(
      `<div class="banner progress"><strong>Investigation in progress — ${view.inProgress.steps} steps</strong> (${h(view.inProgress.status)}). This is the state so far, not a final result.</div>`,
    );
  }
  const cls = view.isConfident ? 'confident' : 'unconfirmed';
  out.push(`<div class="banner ${cls}">${view.isConfident ? '' : '<strong>Unconfirmed.</strong> '}${h(view.outcome)}</div>`);
  const c = view.confidence;
  out.push(
    '<h2>Confidence</h2>',
    `<p>${h(view.confidenceMeaning)}</p>`,
    table(
      ['raw', 'grounding', 'cap', 'effective', 'calibrated'],
      [
        [
          num(c.raw),
          `<td>${h(c.grounding)}</td>`,
          num(c.cap),
          num(c.effective),
          c.calibrated === undefined ? '<td>—</td>' : num(c.calibrated),
        ],
      ],
    ),
  );
  return out;
}

function entities(view: ReportView): string[] {
  const out = [`<h2>${view.isConfident ? 'Root causes and the entities they explain' : 'Candidates (unconfirmed)'}</h2>`];
  if (view.entities.length === 0) out.push('<p class="muted">No entity is on an explanation.</p>');
  for (const e of view.entities) {
    const tags = `${e.isRootCause ? '<span class="tag">root cause</span>' : ''}${e.isAnalystAsserted ? '<span class="tag analyst">asserted by an analyst, not tool evidence</span>' : ''}`;
    out.push(`<h3>${h(e.name)}${tags}</h3>`, `<p>${h(e.reasoning) || '—'}</p>`);
    if (e.explains) out.push(`<p class="muted">${h(e.explains)}</p>`);
    if (e.rules.length > 0) {
      const items = e.rules.map(
        (r) => `<li><span class="mono">${h(r.id)}</span> <span class="muted">${h(r.role)}</span> — ${h(r.explanation)}</li>`,
      );
      out.push('<p class="muted">Rules fired:</p>', `<ul class="rules">${items.join('')}</ul>`);
    }
    if (e.evidence.length > 0) out.push(`<ul class="evidence">${e.evidence.map((line) => `<li>${h(line)}</li>`).join('')}</ul>`);
    for (const c of e.code)
      out.push(
        `<p class="muted">Code: ${c.service === null ? '' : `<span class="mono">${h(c.service)}</span> `}<span class="mono">${h(c.location)}</span> in <span class="mono">${h(c.function)}</span> — ${h(c.reason)}</p>`,
        `<pre class="code">${h(c.snippet)}</pre>`,
      );
  }
  return out;
}

function chain(view: ReportView): string[] {
  if (view.propagations.length === 0) return ['<h2>Propagation chain</h2>', '<p class="muted">No propagation was claimed.</p>'];
  const items = view.propagations.map((p) => {
    const how = [p.condition, p.effect]
      .filter((s) => s !== '')
      .map(h)
      .join(' → ');
    return `<li><strong>${h(p.source)}</strong> → <strong>${h(p.target)}</strong>${how ? `: ${how}` : ''}</li>`;
  });
  return ['<h2>Propagation chain</h2>', `<ol class="chain">${items.join('')}</ol>`];
}

function alerts(view: ReportView): string[] {
  if (view.alerts.length === 0) return ['<h2>Alerts explained</h2>', '<p class="muted">No alert was recorded for this investigation.</p>'];
  const rows = view.alerts.map((a) => [
    `<td>${h(a.alert)}</td>`,
    a.explained ? '<td>yes</td>' : '<td class="no">no</td>',
    `<td>${h(a.explanation)}</td>`,
  ]);
  return ['<h2>Alerts explained</h2>', table(['alert', 'explained', 'explanation'], rows)];
}

function ranking(view: ReportView): string[] {
  if (view.ranking.length === 0) return ['<h2>Ranking of visited entities</h2>', '<p class="muted">No entity was evaluated.</p>'];
  const rows = view.ranking.map((r) => [`<td class="num">${r.rank}</td>`, `<td>${h(r.entity)}</td>`, `<td class="num">${h(r.score)}</td>`]);
  return ['<h2>Ranking of visited entities</h2>', table(['#', 'entity', 'score'], rows)];
}

function evidence(view: ReportView): string[] {
  if (view.evidence.length === 0) return ['<h2>Evidence</h2>', '<p class="muted">No evidence is cited.</p>'];
  const rows = view.evidence.map((e) => [
    `<td class="mono">${h(e.id)}</td>`,
    `<td>${h(e.entity)}</td>`,
    `<td>${h(e.kind)}</td>`,
    `<td>${h(e.summary)}</td>`,
    `<td class="mono">${h(e.location)}</td>`,
    `<td class="mono">${h(e.sha)}</td>`,
    `<td>${h(e.extractor)}</td>`,
  ]);
  return ['<h2>Evidence</h2>', table(['id', 'entity', 'kind', 'summary', 'source', 'sha256', 'extractor'], rows)];
}

/** Cells arrive already escaped and wrapped; headers are fixed strings. */
function prose(view: ReportView): string[] {
  const p = view.modelProse;
  if (p === null) return [];
  const rows = p.items.map(([name, text]) => [`<td>${h(name)}</td>`, `<td><em>model text:</em> ${h(text)}</td>`]);
  return [
    `<h2>${h(modelProseHeading)}</h2>`,
    `<p class="muted">Written by the model ${h(p.model)}.${p.note ? ` ${h(p.note)}` : ''}</p>`,
    table(['name', 'model text'], rows),
  ];
}

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, hasHead = true): string {
  const head = hasHead ? `<thead><tr>${headers.map((x) => `<th>${h(x)}</th>`).join('')}</tr></thead>` : '';
  return `<table>${head}<tbody>${rows.map((r) => `<tr>${r.join('')}</tr>`).join('')}</tbody></table>`;
}

function num(value: number): string {
  return `<td class="num">${formatNumber(value)}</td>`;
}

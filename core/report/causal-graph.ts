import type { Diagnosis } from '../diagnosis/index.js';
import { escapeHtml as h, escapeMarkdown as md } from './escape.js';
import { formatNumber } from './view.js';

type Graph = NonNullable<Diagnosis['causal_graph']>;

function metricsLine(g: Graph): string {
  const m = g.metrics;
  return `SC ${formatNumber(m.SC)} (lower is better) · TC ${formatNumber(m.TC)} · KC ${formatNumber(m.KC)} · interpretability ${formatNumber(m.score)}`;
}

function knowledgeLine(g: Graph): string {
  return `knowledge ${g.knowledge.name} ${g.knowledge.version}, ${g.enforce ? 'enforced' : 'not enforced'}; ${g.nodes.length} anomalies, ${g.edges.length} causal edges (post-processing removed ${g.pruned.nodes} orphan anomalies and ${g.pruned.edges} transitive edges${withdrawnText(g)})`;
}

function withdrawnText(g: Graph): string {
  const { nodes, edges } = g.withdrawn;
  return nodes + edges === 0 ? '' : `; revised beliefs withdrew ${nodes} anomalies and ${edges} edges, kept in the ledger`;
}

/** The causal graph section of the Markdown report (docs/causal-graph.md); nothing when the layer was off. */
export function causalGraphMarkdown(diagnosis: Diagnosis): string[] {
  const g = diagnosis.causal_graph;
  if (!g) return [];
  const out = ['## Causal graph', '', md(metricsLine(g)), '', md(knowledgeLine(g)), ''];
  for (const e of g.edges) {
    out.push(`- **${md(e.from)}** → **${md(e.to)}**: ${md(e.rationale)}${e.violation ? ` _(violates: ${md(e.violation)})_` : ''}`);
    if (e.evidence.length > 0) out.push(`  - evidence: ${e.evidence.map(md).join(', ')}`);
  }
  const alerted = g.nodes.filter((n) => n.alerts.length > 0);
  if (alerted.length > 0) out.push('', '### Alerts attached', '');
  for (const n of alerted) out.push(`- ${md(n.id)}: ${n.alerts.map((a) => md(`${a.name} (${a.id})`)).join(', ')}`);
  if (g.orphan_alerts.length > 0) out.push('', `Alerts no anomaly explains: ${g.orphan_alerts.map(md).join(', ')}`);
  out.push('', '### Violations', '');
  if (g.violations.length === 0) out.push('None: every proposal agreed with the knowledge and the topology.');
  for (const v of g.violations)
    out.push(`- ${v.enforced ? 'rejected' : 'applied anyway'} ${md(v.operation.replace('_', ' '))} ${md(v.subject)}: ${md(v.reason)}`);
  return [...out, ''];
}

/** The causal graph section of the HTML report; nothing when the layer was off. */
export function causalGraphHtml(diagnosis: Diagnosis): string[] {
  const g = diagnosis.causal_graph;
  if (!g) return [];
  const edges = g.edges.map(
    (e) =>
      `<li><strong class="mono">${h(e.from)}</strong> → <strong class="mono">${h(e.to)}</strong>: ${h(e.rationale)}${e.violation ? ` <em>(violates: ${h(e.violation)})</em>` : ''}${
        e.evidence.length > 0
          ? `<br><span class="muted">evidence:</span> ${e.evidence.map((id) => `<span class="mono">${h(id)}</span>`).join(', ')}`
          : ''
      }</li>`,
  );
  const alerts = g.nodes
    .filter((n) => n.alerts.length > 0)
    .map((n) => `<li><span class="mono">${h(n.id)}</span>: ${n.alerts.map((a) => h(`${a.name} (${a.id})`)).join(', ')}</li>`);
  const violations = g.violations.map(
    (v) =>
      `<li>${v.enforced ? 'rejected' : 'applied anyway'} ${h(v.operation.replace('_', ' '))} <span class="mono">${h(v.subject)}</span>: ${h(v.reason)}</li>`,
  );
  return [
    '<h2>Causal graph</h2>',
    `<p>${h(metricsLine(g))}</p>`,
    `<p class="muted">${h(knowledgeLine(g))}</p>`,
    edges.length > 0 ? `<ol class="chain">${edges.join('')}</ol>` : '<p class="muted">No causal edge.</p>',
    alerts.length > 0 ? `<h3>Alerts attached</h3><ul class="evidence">${alerts.join('')}</ul>` : '',
    g.orphan_alerts.length > 0
      ? `<p>Alerts no anomaly explains: ${g.orphan_alerts.map((id) => `<span class="mono">${h(id)}</span>`).join(', ')}</p>`
      : '',
    '<h3>Violations</h3>',
    violations.length > 0
      ? `<ul class="evidence">${violations.join('')}</ul>`
      : '<p class="muted">None: every proposal agreed with the knowledge and the topology.</p>',
  ];
}

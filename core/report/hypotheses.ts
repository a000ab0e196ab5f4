import type { Diagnosis, DiagnosisHypothesis } from '../diagnosis/index.js';
import { escapeHtml as h, escapeMarkdown as md } from './escape.js';
import { formatNumber } from './view.js';

const levelNames: Readonly<Record<number, string>> = { 1: 'cause class', 2: 'entity', 3: 'mechanism', 4: 'code region' };

interface HypothesisSections {
  /** Accepted hypotheses, coarse to fine. */
  accepted: DiagnosisHypothesis[];
  /** Refuted alternatives, with what refuted them. */
  refuted: DiagnosisHypothesis[];
  pruned: number;
}

/** The sections of the report: null when the investigation ran without the hypothesis layer. */
function sectionsOf(diagnosis: Diagnosis): HypothesisSections | null {
  const list = diagnosis.hypotheses;
  if (!list) return null;
  const byLevel = (a: DiagnosisHypothesis, b: DiagnosisHypothesis): number => a.level - b.level || b.confidence - a.confidence;
  return {
    accepted: list.filter((x) => x.status === 'accepted').sort(byLevel),
    refuted: list.filter((x) => x.status === 'refuted').sort(byLevel),
    pruned: list.filter((x) => x.status === 'pruned').length,
  };
}

function level(x: DiagnosisHypothesis): string {
  return `level ${x.level} (${levelNames[x.level] ?? 'finer'})`;
}

export function hypothesisMarkdown(diagnosis: Diagnosis): string[] {
  const s = sectionsOf(diagnosis);
  if (!s) return [];
  const out = ['## Hypotheses: the accepted chain', ''];
  if (s.accepted.length === 0) out.push('No hypothesis was accepted.', '');
  for (const x of s.accepted) {
    out.push(`- **${md(x.id)}** ${level(x)}, confidence ${formatNumber(x.confidence)}: ${md(x.statement)}`);
    if (x.support.length > 0) out.push(`  - supported by: ${x.support.map(md).join(', ')}`);
  }
  out.push('', '## Hypotheses: refuted alternatives', '');
  if (s.refuted.length === 0) out.push('No alternative was refuted.');
  for (const x of s.refuted) {
    out.push(`- **${md(x.id)}** ${level(x)}: ${md(x.statement)}`);
    if (x.refute.length > 0) out.push(`  - refuted by: ${x.refute.map(md).join(', ')}`);
  }
  if (s.pruned > 0) out.push('', `${s.pruned} hypotheses were pruned by backtracking (kept in the ledger).`);
  return [...out, ''];
}

function evidenceList(label: string, ids: readonly string[]): string {
  return ids.length === 0
    ? ''
    : `<br><span class="muted">${label}:</span> ${ids.map((id) => `<span class="mono">${h(id)}</span>`).join(', ')}`;
}

export function hypothesisHtml(diagnosis: Diagnosis): string[] {
  const s = sectionsOf(diagnosis);
  if (!s) return [];
  const accepted = s.accepted.map(
    (x) =>
      `<li><strong class="mono">${h(x.id)}</strong> ${h(level(x))}, confidence ${h(formatNumber(x.confidence))}: ${h(x.statement)}${evidenceList('supported by', x.support)}</li>`,
  );
  const refuted = s.refuted.map(
    (x) => `<li><strong class="mono">${h(x.id)}</strong> ${h(level(x))}: ${h(x.statement)}${evidenceList('refuted by', x.refute)}</li>`,
  );
  return [
    '<h2>Hypotheses: the accepted chain</h2>',
    accepted.length > 0 ? `<ol class="chain">${accepted.join('')}</ol>` : '<p class="muted">No hypothesis was accepted.</p>',
    '<h2>Hypotheses: refuted alternatives</h2>',
    refuted.length > 0 ? `<ul class="evidence">${refuted.join('')}</ul>` : '<p class="muted">No alternative was refuted.</p>',
    s.pruned > 0 ? `<p class="muted">${s.pruned} hypotheses were pruned by backtracking (kept in the ledger).</p>` : '',
  ];
}

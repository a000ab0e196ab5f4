import type { Diagnosis, DiagnosisRedHerring } from '../diagnosis/index.js';
import { formatIsoText } from '../time/index.js';
import { escapeHtml as h, escapeMarkdown as md } from './escape.js';

const HEADING = 'Refuted changes (red herrings)';

/** The change's own summary from the diagnosis's evidence list, when it is there. */
function changeSummary(diagnosis: Diagnosis, r: DiagnosisRedHerring): string {
  return diagnosis.evidence.find((e) => e.id === r.change)?.summary ?? '';
}

function hypothesisNote(r: DiagnosisRedHerring): string {
  return r.hypotheses.length > 0 ? ` (refuted hypothesis ${r.hypotheses.join(', ')})` : '';
}

export function redHerringMarkdown(diagnosis: Diagnosis): string[] {
  const list = diagnosis.red_herrings;
  if (!list || list.length === 0) return [];
  const out = [`## ${HEADING}`, ''];
  for (const r of list) {
    const summary = changeSummary(diagnosis, r);
    out.push(`- **${md(r.change)}** at ${md(formatIsoText(r.time))}${summary ? `: ${md(summary)}` : ''}${md(hypothesisNote(r))}`);
    out.push(`  - ${md(r.reason)}`);
    if (r.refute.length > 0) out.push(`  - refuted by: ${r.refute.map(md).join(', ')}`);
  }
  return [...out, ''];
}

export function redHerringHtml(diagnosis: Diagnosis): string[] {
  const list = diagnosis.red_herrings;
  if (!list || list.length === 0) return [];
  const items = list.map((r) => {
    const summary = changeSummary(diagnosis, r);
    const refute =
      r.refute.length === 0
        ? ''
        : `<br><span class="muted">refuted by:</span> ${r.refute.map((id) => `<span class="mono">${h(id)}</span>`).join(', ')}`;
    return `<li><strong class="mono">${h(r.change)}</strong> at ${h(formatIsoText(r.time))}${summary ? `: ${h(summary)}` : ''}${h(hypothesisNote(r))}<br>${h(r.reason)}${refute}</li>`;
  });
  return [`<h2>${HEADING}</h2>`, `<ul class="evidence red-herrings">${items.join('')}</ul>`];
}

import type { EntityCharts } from '../charts/index.js';
import { explainsText, type Diagnosis } from '../diagnosis/index.js';
import { outcomeWords } from '../diagnosis/outcome-words.js';
import type { InvestigationState } from '../ledger/index.js';
import { describeRules } from '../policy/heuristic/index.js';
import { formatTimeRange } from '../time/index.js';
import { truncate } from './escape.js';
import { buildReportGraph } from './graph.js';
import { layoutReportGraph } from './layout.js';

/** Options shared by the human-readable reports. */
export interface ReportOptions {
  /** The folded ledger: adds labels, discovered-edge flags and whether the run is finished. */
  state?: InvestigationState;
  /** A PNG of the graph canvas from the UI, as a `data:image/png;base64,` URL (HTML only). */
  graphPng?: string;
  /** Evidence charts of the entities on the explanation (HTML only, as static SVG). */
  charts?: EntityCharts[];
}

/** Human reports cap each snapshot-derived value; the JSON export keeps everything. */
export const maxTextLength = 2000;

/** Plain, unescaped text of a report; each renderer escapes it for its own format. */
export interface ReportView {
  title: string;
  /** What the confidence number means, with the ranges of the outcome words (core/diagnosis/outcome-words.ts). */
  confidenceMeaning: string;
  /** Set while the investigation is not finished: the report shows a partial result. */
  inProgress: { steps: number; status: string } | null;
  isConfident: boolean;
  outcome: string;
  confidence: Diagnosis['confidence'];
  /** isAnalystAsserted: the label is an analyst override (design.md §4), not the tool's finding. */
  entities: Array<{
    name: string;
    isRootCause: boolean;
    isAnalystAsserted: boolean;
    reasoning: string;
    evidence: string[];
    /** The policy rules that fired for the entity's belief, with what each means (empty for the LLM policy). */
    rules: Array<{ id: string; role: string; explanation: string }>;
    /** The code layer's regions of an Origin: where, why, and the source lines (raw; renderers escape). */
    code: Array<{ location: string; function: string; reason: string; snippet: string; service: string | null }>;
    /** What a root cause explains (the frontier's order), one line; null for other entities. */
    explains: string | null;
  }>;
  propagations: Array<{ source: string; target: string; condition: string; effect: string }>;
  alerts: Array<{ alert: string; explained: boolean; explanation: string }>;
  ranking: Array<{ rank: number; entity: string; score: string }>;
  evidence: Array<{ id: string; entity: string; kind: string; summary: string; location: string; sha: string; extractor: string }>;
  run: Array<[string, string]>;
  /** Prose a model wrote (finalize): shown apart, marked as model text; null when there is none. */
  modelProse: { model: string; note: string | null; items: Array<[string, string]> } | null;
}

/** The heading every rendering gives model-written prose, so it is never mistaken for the tool's findings. */
export const modelProseHeading = 'Model-written prose (model text, not evidence; it decides nothing)';

export function buildReportView(diagnosis: Diagnosis, options: ReportOptions = {}): ReportView {
  const isConfident = diagnosis.outcome === 'confident';
  const state = options.state;
  const inProgress = state && state.status !== 'finished' ? { steps: state.evaluations, status: state.status } : null;
  const roots = diagnosis.frontier.join(', ');
  const best = diagnosis.ranking[0]?.entity;
  const clip = (text: string) => truncate(text, maxTextLength);
  const words = outcomeWords(diagnosis);
  return {
    title: isConfident ? `Root cause: ${clip(roots)}` : words.headline,
    confidenceMeaning: words.meaning,
    inProgress,
    isConfident,
    outcome: isConfident
      ? `Confident. The frontier (root causes not explained by any other) is ${clip(roots)}, and every frontier node cites hard evidence.`
      : `${words.headline}. The verification gate or the calibrated confidence did not confirm it, so nothing below is confirmed.${best ? ` The best unconfirmed candidate is ${clip(best)}.` : ' No candidate was found.'}`,
    confidence: diagnosis.confidence,
    entities: diagnosis.entities.map((e) => ({
      name: clip(e.name),
      isRootCause: e.contributing_factor,
      isAnalystAsserted: state?.nodes.get(e.name)?.beliefSource === 'analyst',
      reasoning: clip(e.reasoning),
      evidence: e.evidence === '' ? [] : e.evidence.split('\n').map(clip),
      rules: describeRules(e.rules ?? []).map((r) => ({ id: clip(r.id), role: r.role ?? 'unknown', explanation: r.explanation })),
      code: (e.code ?? []).map((c) => ({
        location: clip(`${c.file}:${c.startLine}-${c.endLine}`),
        function: clip(c.function),
        reason: clip(c.reason),
        snippet: c.snippet,
        // The service whose code reads the changed key, when the entity (a ConfigMap) has no source of its own.
        service: c.service === undefined ? null : clip(c.service),
      })),
      explains: e.explains ? clip(explainsText(e.explains)) : null,
    })),
    propagations: chainOrder(diagnosis).map((p) => ({
      source: clip(p.source),
      target: clip(p.target),
      condition: clip(p.condition),
      effect: clip(p.effect),
    })),
    alerts: diagnosis.alerts_explained.map((a) => ({ alert: clip(a.alert), explained: a.explained, explanation: clip(a.explanation) })),
    ranking: diagnosis.ranking.map((r, i) => ({ rank: i + 1, entity: clip(r.entity), score: formatNumber(r.score) })),
    evidence: diagnosis.evidence.map((e) => ({
      id: clip(e.id),
      entity: clip(e.entity),
      kind: e.kind,
      summary: clip(e.summary),
      location: clip(e.provenance.line === null ? e.provenance.file : `${e.provenance.file}:${e.provenance.line}`),
      sha: e.provenance.sha256.slice(0, 12),
      extractor: e.provenance.extractor,
    })),
    run: runRows(diagnosis, clip),
    modelProse: diagnosis.model_prose
      ? {
          model: clip(diagnosis.model_prose.model),
          note: diagnosis.model_prose.note === null ? null : clip(diagnosis.model_prose.note),
          items: [
            ...diagnosis.model_prose.entities.map((e): [string, string] => [clip(e.name), clip(e.text)]),
            ...diagnosis.model_prose.alerts.map((a): [string, string] => [clip(a.alert), clip(a.text)]),
          ],
        }
      : null,
  };
}

/** Propagations read from the root cause outwards (the diagnosis keeps ledger order). */
function chainOrder(diagnosis: Diagnosis): Diagnosis['propagations'] {
  const positions = layoutReportGraph(buildReportGraph(diagnosis)).positions;
  const depth = (id: string) => positions.get(id)?.layer ?? Number.MAX_SAFE_INTEGER;
  return diagnosis.propagations
    .map((p, i) => ({ p, i }))
    .sort((a, b) => depth(a.p.source) - depth(b.p.source) || a.i - b.i)
    .map(({ p }) => p);
}

function runRows(diagnosis: Diagnosis, clip: (text: string) => string): Array<[string, string]> {
  const run = diagnosis.run;
  return [
    ['Policy', clip(run.policy)],
    ['Model', clip(run.model ?? '—')],
    ['Steps', String(run.steps)],
    ['Policy calls', String(run.policyCalls)],
    ['Tokens in / out', `${run.tokensIn} / ${run.tokensOut}`],
    ['Snapshot hash', clip(run.snapshotHash)],
    ...(diagnosis.stopped ? [['Stopped early', clip(`${diagnosis.stopped.reason}: ${diagnosis.stopped.detail}`)] as [string, string]] : []),
    ...(diagnosis.model_calls
      ? [
          [
            'Model calls',
            `${diagnosis.model_calls.calls} (${diagnosis.model_calls.failed} not ok); ${diagnosis.model_calls.fallbacks} node(s) judged by the heuristic instead`,
          ] as [string, string],
        ]
      : []),
    [
      'Settings',
      clip(
        Object.entries(run.settings)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${k}=${settingText(v)}`)
          .join(', '),
      ),
    ],
  ];
}

/** A setting as written in the report; a time window in 24-hour UTC with the zone, not epoch milliseconds. */
function settingText(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'start' in value && 'end' in value) {
    const { start, end } = value;
    if (typeof start === 'number' && typeof end === 'number') return formatTimeRange(start, end);
  }
  return JSON.stringify(value);
}

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/0+$/, '');
}

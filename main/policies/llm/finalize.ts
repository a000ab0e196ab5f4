import type { TokenCounter } from '../../../core/context/index.js';
import type { ModelCallRecord } from '../../../core/controller/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import { ask, type AskContext } from './ask.js';
import { promptBudget, promptTokens } from './budget.js';
import { embedJson, renderPrompt, type PromptTemplate, type RenderedPrompt } from './prompts.js';
import { FinalizeReply, responseSchemaText } from './schemas.js';

const MAX_PROSE = 1500;

/** Model-written prose for the report: text only, recorded as ProseWritten and shown as model text. */
export interface FinalizeProse {
  entities: Array<{ name: string; text: string }>;
  alerts: Array<{ alert: string; text: string }>;
}

export interface FinalizeResult {
  /** The prose, for names the diagnosis has; null when the model gave none. */
  prose: FinalizeProse | null;
  /** Why some or all prose was left out; null when none was. */
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  cached: boolean;
  calls: ModelCallRecord[];
}

/**
 * The finalize phase: prose for the report. It is recorded beside the diagnosis, never in place
 * of anything it decided: no label, frontier, confidence or computed reasoning changes.
 */
export async function finalizeDiagnosis(
  ctx: AskContext,
  template: PromptTemplate,
  count: TokenCounter,
  diagnosis: Diagnosis,
): Promise<FinalizeResult> {
  const none: FinalizeResult = { prose: null, error: null, tokensIn: 0, tokensOut: 0, cached: false, calls: [] };
  const prompt = fitPrompt(template, count, promptBudget(ctx.options), diagnosis);
  if (prompt === null) return { ...none, error: 'the diagnosis does not fit the model context; no model prose' };
  const outcome = await ask(ctx, { template, prompt, schemaName: 'report_prose', schema: FinalizeReply, phase: 'finalize', node: null });
  const base = { ...none, tokensIn: outcome.tokensIn, tokensOut: outcome.tokensOut, cached: outcome.cached, calls: outcome.calls };
  if (outcome.value === null) return { ...base, error: `no model prose: ${outcome.error ?? 'no usable answer'}` };
  const names = new Set(diagnosis.entities.map((e) => e.name));
  const alerts = new Set(diagnosis.alerts_explained.map((a) => a.alert));
  const entities = outcome.value.entities.filter((e) => names.has(e.name) && e.reasoning.trim() !== '');
  const explained = outcome.value.alerts.filter((a) => alerts.has(a.alert) && a.explanation.trim() !== '');
  const discarded = outcome.value.entities.length + outcome.value.alerts.length - entities.length - explained.length;
  return {
    ...base,
    error: discarded > 0 ? `discarded prose for ${discarded} name(s) not in the diagnosis or empty` : null,
    prose: {
      entities: unique(
        entities.map((e) => ({ name: e.name, text: e.reasoning.slice(0, MAX_PROSE) })),
        (e) => e.name,
      ),
      alerts: unique(
        explained.map((a) => ({ alert: a.alert, text: a.explanation.slice(0, MAX_PROSE) })),
        (a) => a.alert,
      ),
    },
  };
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/** Levels tried in turn: evidence text clipped, then fewer entities, alerts and edges shown. */
const LEVELS = [
  { clip: Infinity, entities: 16, alerts: 24, edges: 24 },
  { clip: 300, entities: 16, alerts: 24, edges: 24 },
  { clip: 0, entities: 8, alerts: 12, edges: 12 },
  { clip: 0, entities: 4, alerts: 6, edges: 6 },
] as const;

/**
 * The diagnosis as the model reads it, bounded whatever the incident's size: root causes first,
 * one line per distinct alert (an alert flood repeats names), and counts of what is not shown.
 * Full evidence texts first; less when that is too large; null when nothing fits.
 */
function fitPrompt(template: PromptTemplate, count: TokenCounter, budget: number, diagnosis: Diagnosis): RenderedPrompt | null {
  const entities = [...diagnosis.entities].sort((a, b) => Number(b.contributing_factor) - Number(a.contributing_factor));
  const alerts = unique([...diagnosis.alerts_explained], (a) => a.alert);
  for (const level of LEVELS) {
    const notShown = {
      entities: Math.max(0, entities.length - level.entities),
      alerts: Math.max(0, alerts.length - level.alerts),
      propagations: Math.max(0, diagnosis.propagations.length - level.edges),
    };
    const view = {
      outcome: diagnosis.outcome,
      frontier: diagnosis.frontier,
      confidence: diagnosis.confidence,
      entities: entities.slice(0, level.entities).map((e) => ({ ...e, evidence: e.evidence.slice(0, level.clip) })),
      propagations: diagnosis.propagations.slice(0, level.edges),
      alerts_explained: alerts.slice(0, level.alerts),
      ...(notShown.entities + notShown.alerts + notShown.propagations > 0 ? { not_shown: notShown } : {}),
    };
    const prompt = renderPrompt(template, { schema: responseSchemaText(FinalizeReply), diagnosis: embedJson(view) });
    if (promptTokens(prompt, count) <= budget) return prompt;
  }
  return null;
}

import type { TokenCounter } from '../../../core/context/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import { ask, type AskContext } from './ask.js';
import { promptBudget, promptTokens } from './budget.js';
import { embedJson, renderPrompt, type PromptTemplate, type RenderedPrompt } from './prompts.js';
import { FinalizeReply, responseSchemaText } from './schemas.js';

const MAX_PROSE = 1500;

export interface FinalizeResult {
  /** The diagnosis with model-written prose where the model gave some; every decision unchanged. */
  diagnosis: Diagnosis;
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  cached: boolean;
}

/**
 * The finalize phase: prose for the report. Only `entities[].reasoning` and
 * `alerts_explained[].explanation` may change, and only for names the diagnosis already has.
 */
export async function finalizeDiagnosis(
  ctx: AskContext,
  template: PromptTemplate,
  count: TokenCounter,
  diagnosis: Diagnosis,
): Promise<FinalizeResult> {
  const unchanged: FinalizeResult = { diagnosis, error: null, tokensIn: 0, tokensOut: 0, cached: false };
  const prompt = fitPrompt(template, count, promptBudget(ctx.options), diagnosis);
  if (prompt === null) return { ...unchanged, error: 'the diagnosis does not fit the model context; prose left as computed' };
  const outcome = await ask(ctx, { template, prompt, schemaName: 'report_prose', schema: FinalizeReply });
  const base = { ...unchanged, tokensIn: outcome.tokensIn, tokensOut: outcome.tokensOut, cached: outcome.cached };
  if (outcome.value === null) return { ...base, error: `prose left as computed: ${outcome.error ?? 'no usable answer'}` };
  const reasoning = new Map(outcome.value.entities.map((e) => [e.name, e.reasoning.slice(0, MAX_PROSE)] as const));
  const explanation = new Map(outcome.value.alerts.map((a) => [a.alert, a.explanation.slice(0, MAX_PROSE)] as const));
  const known = new Set([...diagnosis.entities.map((e) => e.name), ...diagnosis.alerts_explained.map((a) => a.alert)]);
  const discarded = [...reasoning.keys(), ...explanation.keys()].filter((name) => !known.has(name)).length;
  return {
    ...base,
    error: discarded > 0 ? `discarded prose for ${discarded} name(s) not in the diagnosis` : null,
    diagnosis: {
      ...diagnosis,
      entities: diagnosis.entities.map((e) => ({ ...e, reasoning: reasoning.get(e.name) || e.reasoning })),
      alerts_explained: diagnosis.alerts_explained.map((a) => ({ ...a, explanation: explanation.get(a.alert) || a.explanation })),
    },
  };
}

/** Full evidence texts first; clipped ones when that is too large; null when nothing fits. */
function fitPrompt(template: PromptTemplate, count: TokenCounter, budget: number, diagnosis: Diagnosis): RenderedPrompt | null {
  for (const clip of [Infinity, 300, 0]) {
    const view = {
      outcome: diagnosis.outcome,
      frontier: diagnosis.frontier,
      confidence: diagnosis.confidence,
      entities: diagnosis.entities.map((e) => ({ ...e, evidence: e.evidence.slice(0, clip) })),
      propagations: diagnosis.propagations,
      alerts_explained: diagnosis.alerts_explained,
    };
    const prompt = renderPrompt(template, { schema: responseSchemaText(FinalizeReply), diagnosis: embedJson(view) });
    if (promptTokens(prompt, count) <= budget) return prompt;
  }
  return null;
}

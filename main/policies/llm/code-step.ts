import { inadmissible, type CodeAction, type CodeStepContext } from '../../../core/code/index.js';
import type { TokenCounter } from '../../../core/context/index.js';
import type { ModelCallRecord } from '../../../core/controller/index.js';
import { ask, type AskContext } from './ask.js';
import { promptBudget, promptTokens } from './budget.js';
import { embedJson, renderPrompt, type PromptTemplate, type RenderedPrompt } from './prompts.js';
import { CodeStepReply, responseSchemaText } from './schemas.js';

/** What one step of the code walk came to: the model's action (null: none usable) and its exchanges. */
export interface CodeStepAnswer {
  choice: CodeAction | null;
  error: string | null;
  calls: ModelCallRecord[];
}

/** Source lines longer than this are cut: a minified line must not crowd out the rest of the context. */
const maxLineChars = 240;

/**
 * One step of the code drill's walk (docs/code-layer.md): the block's local context as quoted
 * data, one action back. The context is shrunk (fewer source lines, then fewer evidence
 * entries and neighbours) until the request fits the prompt budget (≤ the request cap, 3k by default).
 */
export async function chooseCodeStep(
  ctx: AskContext,
  template: PromptTemplate,
  count: TokenCounter,
  node: string,
  context: CodeStepContext,
): Promise<CodeStepAnswer> {
  const fitted = fitPrompt(template, count, promptBudget(ctx.options), context);
  if (fitted === null) return { choice: null, error: 'the block context does not fit the request cap', calls: [] };
  const outcome = await ask(ctx, {
    template,
    prompt: fitted.prompt,
    schemaName: 'code_step',
    schema: CodeStepReply,
    phase: 'code',
    node,
  });
  // Judged against what the model was shown, which may be less than the whole context.
  const rejected = outcome.value === null ? null : inadmissible(outcome.value, fitted.view);
  if (rejected !== null) return { choice: null, error: rejected, calls: outcome.calls };
  return { choice: outcome.value, error: outcome.error, calls: outcome.calls };
}

function fitPrompt(
  template: PromptTemplate,
  count: TokenCounter,
  budget: number,
  context: CodeStepContext,
): { prompt: RenderedPrompt; view: CodeStepContext } | null {
  const source = context.source.map((line) => (line.length > maxLineChars ? `${line.slice(0, maxLineChars)}…` : line));
  for (const [lines, entries] of [
    [40, 40],
    [20, 20],
    [10, 10],
    [0, 5],
  ] as const) {
    const view = {
      ...context,
      source: source.slice(0, lines),
      evidence: context.evidence.slice(0, entries),
      neighbours: context.neighbours.slice(0, entries),
      dependencies: context.dependencies.slice(0, entries),
    };
    const prompt = renderPrompt(template, { schema: responseSchemaText(CodeStepReply), block: embedJson(view) });
    if (promptTokens(prompt, count) <= budget) return { prompt, view };
  }
  return null;
}

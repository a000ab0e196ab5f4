import { z } from 'zod';
import type { InvestigationState } from '../ledger/index.js';

/**
 * The diagnosis's record of the model-driven path (docs/llm.md): optional fields, present only
 * when the ledger has something to say, so a heuristic diagnosis keeps its bytes.
 */

/** Prose a model wrote for the report (ProseWritten): model text, not evidence; it decides nothing. */
export const ModelProse = z.object({
  written_by: z.literal('model'),
  model: z.string(),
  /** Why some or all prose was left out; null when none was. */
  note: z.string().nullable(),
  entities: z.array(z.object({ name: z.string(), text: z.string() })),
  alerts: z.array(z.object({ alert: z.string(), text: z.string() })),
});
export type ModelProse = z.infer<typeof ModelProse>;

/** What the model calls came to, from the ledger (ModelCalled, PolicyFellBack). */
export const ModelCalls = z.object({
  calls: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Nodes the built-in heuristic judged because the model could not. */
  fallbacks: z.number().int().nonnegative(),
});

/** Why the walk stopped before its fixed point for a limit other than the budget (RunStopped). */
export const RunStop = z.object({ reason: z.enum(['token_cap', 'deadline', 'causal_explained']), detail: z.string() });

export const modelRunFields = {
  model_prose: ModelProse.optional(),
  model_calls: ModelCalls.optional(),
  stopped: RunStop.optional(),
};

export function modelRunOf(state: InvestigationState): {
  model_prose?: ModelProse;
  model_calls?: z.infer<typeof ModelCalls>;
  stopped?: z.infer<typeof RunStop>;
} {
  const { llm } = state;
  return {
    ...(llm.prose
      ? {
          model_prose: {
            written_by: 'model' as const,
            model: llm.prose.model,
            note: llm.prose.note,
            entities: llm.prose.entities,
            alerts: llm.prose.alerts,
          },
        }
      : {}),
    ...(llm.calls > 0 || llm.fallbacks > 0 ? { model_calls: { calls: llm.calls, failed: llm.failedCalls, fallbacks: llm.fallbacks } } : {}),
    ...(llm.stopped ? { stopped: { reason: llm.stopped.reason, detail: llm.stopped.detail } } : {}),
  };
}

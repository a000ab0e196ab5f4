import { z } from 'zod';

/**
 * The model path as the UI shows it (docs/llm.md): requests in flight now, and what the ledger
 * says the calls came to. Absent for runs that never asked a model.
 */
export const ModelActivity = z.object({
  /** Requests waiting for an answer, and what the oldest is about (e.g. "explore shop/Service/a"). */
  inFlight: z.number().int().nonnegative(),
  waitingFor: z.string().nullable(),
  calls: z.number().int().nonnegative(),
  failedCalls: z.number().int().nonnegative(),
  /** Nodes the built-in heuristic judged because the model could not. */
  fallbacks: z.number().int().nonnegative(),
  /** Why the walk stopped early (token cap, deadline); null when it did not. */
  stopped: z.string().nullable(),
});
export type ModelActivity = z.infer<typeof ModelActivity>;

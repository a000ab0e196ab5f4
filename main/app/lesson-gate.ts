import { LessonInProgressError } from '../lesson/index.js';
import type { InvestigationHandlers } from './investigation-handlers.js';

/**
 * Closes every investigation channel while a trainee is in a lesson: their outputs carry the
 * engine's labels (state, ledger events), the diagnosis or exports of it. The lesson drives
 * the same service through its own channels, which show only what the trainee has earned.
 */
export function hideWhileLesson(handlers: InvestigationHandlers, isHiding: () => boolean): InvestigationHandlers {
  const gated = {} as Record<string, (input: never) => Promise<unknown>>;
  for (const [channel, handler] of Object.entries(handlers) as [string, (input: never) => Promise<unknown>][]) {
    gated[channel] = (input) => {
      if (isHiding()) return Promise.reject(new LessonInProgressError(channel));
      return handler(input);
    };
  }
  return gated as unknown as InvestigationHandlers;
}

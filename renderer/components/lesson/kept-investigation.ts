import type { KeptInvestigation } from '../../../core/ipc/index.js';

/** What the start form says of the analyst's open investigation; null when none is open. */
export function keptNotice(kept: KeptInvestigation | null): string | null {
  if (!kept) return null;
  const steps = kept.evaluations === 1 ? '1 evaluation' : `${kept.evaluations} evaluations`;
  return `Your investigation (${steps}) is set aside during the lesson and comes back as it was when you leave it.`;
}

/**
 * The question to confirm before a lesson starts, when it would change the analyst's
 * investigation rather than only set it aside: a run in flight is paused. null: nothing to ask.
 */
export function startConfirmation(kept: KeptInvestigation | null): string | null {
  if (!kept?.isRunning) return null;
  return (
    'The investigation is running. Starting the lesson pauses it after the step in flight; ' +
    'it comes back paused, where it stopped, when you leave the lesson. Start the lesson?'
  );
}

/** Time as the policy sees it: injectable so retry tests run instantly and deterministically. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A number in [0, 1). */
export type RandomSource = () => number;

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Jitter draws from the shared seeded generator, so a seeded run retries identically. */
export { seededRandom } from '../../../core/random/index.js';

export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before retry number `attempt` (0-based): exponential, capped, with "equal jitter" (half
 * fixed, half random) so parallel callers do not retry in lockstep. A server's Retry-After wins
 * when it asks for longer, still within the cap.
 */
export function backoffDelay(attempt: number, settings: BackoffSettings, random: RandomSource, retryAfterMs: number | null = null): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** attempt);
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  return Math.round(Math.min(settings.maxMs, Math.max(jittered, retryAfterMs ?? 0)));
}

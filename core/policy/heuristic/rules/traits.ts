import type { CauseRule } from './rule.js';

/** A cause with none of the special traits: what most causes are. */
export const plainCause = {
  isCrash: false,
  isCrashConsequence: false,
  isLatency: false,
  startsSurge: false,
  needsEffect: false,
} as const satisfies Pick<CauseRule, 'isCrash' | 'isCrashConsequence' | 'isLatency' | 'startsSurge' | 'needsEffect'>;

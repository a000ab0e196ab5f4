import type { CauseRule } from './rule.js';
import { plainCause } from './traits.js';

/** A scale change is a weaker cause than a config or image change: it adds capacity more often than it breaks. */
const SCALE_STRENGTH = 0.5;
const CHANGE_STRENGTH = 0.85;

export const changeRule: CauseRule = {
  id: 'change',
  role: 'cause',
  family: 'changes',
  when: 'a change record (config, deploy, feature flag, image, scale) made before the incident began',
  strength: `${CHANGE_STRENGTH}; a scale change ${SCALE_STRENGTH}`,
  explanation: 'Something was changed on the node just before the incident: the first suspect, and never explained away by a neighbour.',
  ...plainCause,
  explainedBy: null,
  // A feature flag or campaign that adds traffic makes the node the source of the surge downstream.
  startsSurge: true,
  match: (ctx) =>
    ctx.changes
      .filter((e) => e.time <= ctx.onsetEnd)
      .map((e) => ({
        evidence: [e.id],
        strength: e.detail.changeKind === 'scale' ? SCALE_STRENGTH : CHANGE_STRENGTH,
        text: `${e.detail.changeKind} change before the incident: ${e.summary}`,
      })),
};

import { strengths, thresholds } from '../thresholds.js';
import type { CauseRule } from './rule.js';
import { plainCause } from './traits.js';

const STRENGTH = strengths.failureEvent;

export const failureEventRule: CauseRule = {
  id: 'failure_event',
  role: 'cause',
  family: 'events',
  when: `a failure event (OOMKilled, CrashLoopBackOff…, core/signals/k8s) whose cumulative count is under ${thresholds.chronicFailureCount}`,
  strength: String(STRENGTH),
  explanation:
    'A pod of the node crashed or was killed. It counts only on a node that is otherwise degraded (a restart loop on a node that serves normally is chronic noise); when the crash follows a confirmed upstream surge, it and its consequences are explained by that load.',
  ...plainCause,
  explainedBy: 'surge',
  isCrash: true,
  match: (ctx) =>
    ctx.events
      // A loop that had restarted dozens of times before it reached the window is chronic.
      .filter((e) => e.detail.isFailure && e.detail.count < thresholds.chronicFailureCount)
      .map((e) => ({ evidence: [e.id], strength: STRENGTH, text: `failure event ${e.detail.reason}` })),
};

import { thresholds } from '../thresholds.js';
import { describeErrors, describeGap, describeLatency } from './edge-facts.js';
import type { ExplainerRule } from './rule.js';

const FAILING_STRENGTH = 0.8;
const SLOW_STRENGTH = 0.7;

export const failingCalleeRule: ExplainerRule = {
  id: 'failing_callee',
  role: 'explainer',
  family: 'traces',
  when: `the node’s calls to a callee fail more (error rate +${thresholds.errorRateDelta * 100} points, binomial −log10 p ≥ ${thresholds.errorSurprise})`,
  strength: String(FAILING_STRENGTH),
  explanation: 'A dependency fails the node’s calls: the node’s errors (and error logs) are about it.',
  explains: 'anything',
  isFailingDependency: true,
  effect: (node, neighbour) => `${node} returns errors for requests that need ${neighbour}`,
  match: ({ edges }) =>
    edges.failingOut.map((e) => ({
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: FAILING_STRENGTH,
      text: `my calls to ${e.detail.callee} fail (${describeErrors(e.detail)})`,
    })),
};

export const slowCalleeRule: ExplainerRule = {
  id: 'slow_callee',
  role: 'explainer',
  family: 'traces',
  when: `the node’s calls to a callee got slower (p95 or median ≥${thresholds.latencyRatio}× and +${thresholds.latencyDeltaMs} ms), or wait longer outside the callee’s own spans (delayed edge, unless the delay is my egress)`,
  strength: String(SLOW_STRENGTH),
  explanation:
    'A dependency answers slowly, or time is lost on the way to it: it explains the node’s slowness, not its errors or stopped code paths.',
  explains: 'latency',
  isFailingDependency: false,
  effect: (node, neighbour) => `${node} is slow while it waits for ${neighbour}`,
  match: ({ edges }) => [
    ...edges.slowOut.map((e) => ({
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: SLOW_STRENGTH,
      text: `my calls to ${e.detail.callee} are slower (${describeLatency(e.detail)})`,
    })),
    ...edges.delayedOut.map((e) => ({
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: SLOW_STRENGTH,
      text: `my calls to ${e.detail.callee} wait ${describeGap(e.detail)} outside its own spans`,
    })),
  ],
};

import { strengths, thresholds } from '../thresholds.js';
import { attributedErrors, describeErrors, describeGap, describeLatency } from './edge-facts.js';
import type { ExplainerRule } from './rule.js';

const FAILING_STRENGTH = strengths.failingCallee;
const SLOW_STRENGTH = strengths.slowCallee;
const NAMED_STRENGTH = strengths.statusNamesCallee;
/** A status message quoted in reasoning is clipped (it is hostile text, shown escaped). */
const QUOTE_CHARS = 120;

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

export const statusNamesCalleeRule: ExplainerRule = {
  id: 'status_names_callee',
  role: 'explainer',
  family: 'traces',
  when: `the node’s own error spans’ status messages attribute its failures to a callee it calls ("HTTP 500 from X", "upstream X returned 503", "call to X failed"): ≥${thresholds.minAttributedErrors} such errors, the rate +${thresholds.errorRateDelta * 100} points over the baseline’s, binomial −log10 p ≥ ${thresholds.errorSurprise}`,
  strength: String(NAMED_STRENGTH),
  explanation:
    'A caller that reports in its own span status that a callee failed it is not the origin of those errors: the callee it names is, even when the callee’s spans look fine (it answered 500 with an OK span, or its failures are not traced).',
  explains: 'anything',
  isFailingDependency: true,
  effect: (node, neighbour) => `${node} fails requests because ${neighbour} fails them`,
  match: ({ edges }) =>
    edges.outbound.flatMap((e) => {
      const named = attributedErrors(e.detail);
      if (!named) return [];
      return [
        {
          neighbour: e.detail.callee,
          evidence: [e.id],
          strength: NAMED_STRENGTH,
          text: `${named.count} of my error statuses name ${e.detail.callee} (${JSON.stringify(named.example.slice(0, QUOTE_CHARS))})`,
        },
      ];
    }),
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

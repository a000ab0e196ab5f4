import { isFewerCallsPerRequest, stoppedThresholds } from '../../../signals/index.js';
import { strengths, thresholds } from '../thresholds.js';
import { describeErrors, describeLatency, slowdown } from './edge-facts.js';
import { saturate, type CauseRule, type SymptomRule } from './rule.js';
import { plainCause } from './traits.js';

const OWN_ERRORS = strengths.ownErrors;
const OWN_LATENCY = strengths.ownLatency;
const FEWER_CALLS = strengths.fewerCalls;

export const servedLatencyRule: SymptomRule = {
  id: 'served_latency',
  role: 'symptom',
  family: 'traces',
  when: `calls into the node got slower: p95 or median ≥${thresholds.latencyRatio}× and ≥${thresholds.latencyDeltaMs} ms more, on ≥${thresholds.minCalls} calls in both periods`,
  strength: '— (a symptom)',
  explanation: 'The node answers its callers more slowly.',
  match: ({ edges }) =>
    edges.slowIn.length === 0
      ? []
      : [
          {
            evidence: edges.slowIn.map((e) => e.id),
            strength: 0,
            text: `calls to me are slower (${edges.slowIn.map((e) => describeLatency(e.detail)).join('; ')})`,
          },
        ],
};

export const servedErrorsRule: SymptomRule = {
  id: 'served_errors',
  role: 'symptom',
  family: 'traces',
  when: `calls into the node fail more: error rate +${thresholds.errorRateDelta * 100} points and binomial −log10 p ≥ ${thresholds.errorSurprise} at the baseline rate (at least ${thresholds.minErrorRate * 100} %)`,
  strength: '— (a symptom)',
  explanation: 'The node fails requests of its callers.',
  match: ({ edges }) =>
    edges.failingIn.length === 0
      ? []
      : [
          {
            evidence: edges.failingIn.map((e) => e.id),
            strength: 0,
            text: `calls to me fail more often (${edges.failingIn.map((e) => describeErrors(e.detail)).join('; ')})`,
          },
        ],
};

export const ownErrorsRule: CauseRule = {
  id: 'own_errors',
  role: 'cause',
  family: 'traces',
  when: 'calls into the node fail more (as served_errors) while none of its own calls out fail',
  strength: `${OWN_ERRORS.base} + ${OWN_ERRORS.gain}·s(worst error-rate increase, ${OWN_ERRORS.scale})`,
  explanation: 'The node fails requests while everything it calls succeeds: the fault is in the node. Explained by a failing callee.',
  ...plainCause,
  explainedBy: 'callee',
  isCrashConsequence: true,
  match: ({ edges }) => {
    if (edges.failingIn.length === 0 || edges.failingOut.length > 0) return [];
    const worst = Math.max(...edges.failingIn.map((e) => e.detail.windowErrorRate - e.detail.baselineErrorRate));
    return [
      {
        evidence: edges.failingIn.map((e) => e.id),
        strength: OWN_ERRORS.base + OWN_ERRORS.gain * saturate(worst, OWN_ERRORS.scale),
        text: `I fail requests (+${Math.round(worst * 100)} points of errors) while my own calls succeed`,
      },
    ];
  },
};

export const ownLatencyRule: CauseRule = {
  id: 'own_latency',
  role: 'cause',
  family: 'traces',
  when: 'calls into the node got slower (as served_latency) while its calls out are neither slower, failing nor delayed',
  strength: `${OWN_LATENCY.base} + ${OWN_LATENCY.gain}·s(slowdown − ${thresholds.latencyRatio}, ${OWN_LATENCY.scale}): the weakest cause`,
  explanation:
    'The node answers slowly while its dependencies do not. Latency alone names no fault and busy services slow down with load, so it wins only where nothing more specific shows; explained by a confirmed upstream surge of its size, or by a slow callee.',
  ...plainCause,
  explainedBy: 'surge',
  isCrashConsequence: true,
  isLatency: true,
  match: ({ edges }) => {
    if (edges.slowIn.length === 0 || edges.slowOut.length > 0 || edges.failingOut.length > 0 || edges.delayedOut.length > 0) return [];
    const worst = Math.max(...edges.slowIn.map((e) => slowdown(e.detail)));
    return [
      {
        evidence: edges.slowIn.map((e) => e.id),
        magnitude: worst,
        strength: OWN_LATENCY.base + OWN_LATENCY.gain * saturate(worst - thresholds.latencyRatio, OWN_LATENCY.scale),
        text: `I answer ×${worst.toFixed(1)} slower while my own calls are not slower`,
      },
    ];
  },
};

export const fewerCallsRule: CauseRule = {
  id: 'fewer_calls',
  role: 'cause',
  family: 'traces',
  when: `the node makes ≤${thresholds.fanOutRatio}× the calls per request it serves that its baseline made (−log10 p ≥ ${thresholds.fanOutSurprise}, ≥${thresholds.fanOutMinServed} requests in each period); or one of its operations stops part-way: a call its spans made once in ≥${thresholds.stoppedMinShare * 100} % of ≥${thresholds.stoppedMinSpans} baseline spans is made in ≤${thresholds.stoppedRatio}× that share of ≥${stoppedThresholds.minWindowSpans} window spans (−log10 p ≥ ${thresholds.stoppedSurprise}), while another call of the path is still made`,
  strength: `${FEWER_CALLS.base} + ${FEWER_CALLS.gain}·s(1/ratio − 1, ${FEWER_CALLS.scale})`,
  explanation:
    'The node serves requests but does less for each: a code path stopped running (an early return, an exception thrown before its calls, a changed branch). How many calls a request costs is set by the code and the request mix, and a running system’s mix drifts slowly; which calls one operation makes on its fixed path is set by its code alone, so a path that now ends after its first calls is read per operation too. The trace-side sibling of code_path, for services that log little; explained by a failing callee (a failed call ends a request early too).',
  ...plainCause,
  explainedBy: 'callee',
  match: ({ fewerCalls }) => {
    if (fewerCalls.length === 0) return [];
    // The entity's calls per request, or the share of one operation's spans that still make a
    // call of its fixed path (core/signals/traces/fan-out.ts): the smaller ratio is the finding.
    const ratioOf = (d: (typeof fewerCalls)[number]['detail']): number => {
      const s = d.stopped;
      const stoppedRatio = s ? s.windowCalls / s.windowSpans / (s.baselineCalls / s.baselineSpans) : 1;
      return isFewerCallsPerRequest(d) ? Math.min(d.ratio, stoppedRatio) : stoppedRatio;
    };
    const worst = fewerCalls.reduce((a, e) => (ratioOf(e.detail) < ratioOf(a.detail) ? e : a));
    const ratio = ratioOf(worst.detail);
    const s = worst.detail.stopped;
    const text =
      s && !isFewerCallsPerRequest(worst.detail)
        ? `my operation "${s.operation.slice(0, 80)}" stops part-way: ${s.windowCalls} of ${s.windowSpans} of its spans made the call "${(s.missing[0] ?? '').slice(0, 80)}" (baseline ${s.baselineCalls} of ${s.baselineSpans}), while "${s.kept.slice(0, 80)}" before it is still made (a code path stopped running)`
        : `I make ×${ratio.toFixed(2)} the calls per request I made in the baseline (a code path stopped running)`;
    return [
      {
        evidence: fewerCalls.map((e) => e.id),
        strength: FEWER_CALLS.base + FEWER_CALLS.gain * saturate(1 / Math.max(ratio, FEWER_CALLS.minRatio) - 1, FEWER_CALLS.scale),
        text,
      },
    ];
  },
};

import { gapGrowth } from '../../../signals/index.js';
import { strengths, thresholds } from '../thresholds.js';
import { describeGap } from './edge-facts.js';
import { saturate, type CauseRule, type ExplainerRule, type Match } from './rule.js';
import { plainCause } from './traits.js';

const CALLER_STRENGTH = strengths.delayingCaller;
const DELAY = strengths.networkDelay;

export const delayingCallerRule: ExplainerRule = {
  id: 'delaying_caller',
  role: 'explainer',
  family: 'traces',
  when: 'every delayed call into the node (caller-side gap, core/signals/traces/delayed.ts) comes from one caller instance and reaches at least two of the node’s instances',
  strength: String(CALLER_STRENGTH),
  explanation: 'The delay travels with the caller: its one instance is what all delayed calls have in common.',
  explains: 'anything',
  isFailingDependency: false,
  effect: (node, neighbour) => `calls from ${neighbour} reach ${node} late`,
  match: ({ edges }) => {
    if (!edges.followsCaller) return [];
    const caller = edges.delayedIn[0]?.detail.caller ?? '';
    return [
      {
        neighbour: caller,
        evidence: edges.delayedIn.map((e) => e.id),
        strength: CALLER_STRENGTH,
        text: `only calls from one instance of ${caller} are delayed, into ${new Set(edges.delayedIn.map((e) => e.detail.calleeInstance)).size} of my instances: the delay is on its side`,
      },
    ];
  },
};

export const networkDelayRule: CauseRule = {
  id: 'network_delay',
  role: 'cause',
  family: 'traces',
  when: `the caller-side gap (parent span − child span) on calls into the node grew ≥${thresholds.gapRatio}× and by ≥${thresholds.gapDeltaMs} ms at the median, or (under client spans) ≥${thresholds.gapRatio}× and by ≥${thresholds.tailGapDeltaMs} ms at the 95th percentile on at least half of its callers' edges, each by more than the node's own p95 grew (not when it follows one caller instance); or all of my delayed calls out leave my one instance for several callee instances (docs/heuristic.md, Network delays)`,
  strength: `${DELAY.base} + ${DELAY.gain}·s(gap growth, ${DELAY.scale}), +${DELAY.bothWays} when my calls out are delayed too, +${DELAY.severalCallers} for two or more delayed callers, at most ${DELAY.max}; egress: ${DELAY.egressBase} + ${DELAY.gain}·s(gap growth, ${DELAY.scale})`,
  explanation: 'Time is lost outside the spans, on the node’s side: network or queueing delay in or out of it.',
  ...plainCause,
  explainedBy: null,
  match: ({ edges }) => {
    const out: Match[] = [];
    const worstOf = (es: typeof edges.delayedIn): number => Math.max(...es.map((e) => gapGrowth(e.detail)));
    if (edges.egress) {
      const all = edges.delayedOutAll;
      const worst = worstOf(all);
      out.push({
        evidence: all.map((e) => e.id),
        strength: Math.min(DELAY.max, DELAY.egressBase + DELAY.gain * saturate(worst, DELAY.scale)),
        text: `my calls out from ${edges.egress} wait ×${worst.toFixed(0)} longer outside the callees' spans, to ${new Set(all.map((e) => e.detail.calleeInstance)).size} different instances: the delay is on my side`,
      });
    }
    const delayed = edges.followsCaller ? [] : edges.delayedIn;
    if (delayed.length > 0) {
      const worst = worstOf(delayed);
      // A delay on my side slows every call that touches me: callers' calls in and mine out.
      const both = edges.delayedOut.length > 0 ? DELAY.bothWays : 0;
      const several = delayed.length >= 2 ? DELAY.severalCallers : 0;
      out.push({
        evidence: [...delayed, ...edges.delayedOut].map((e) => e.id),
        strength: Math.min(DELAY.max, DELAY.base + DELAY.gain * saturate(worst, DELAY.scale) + both + several),
        text: `calls into me spend ×${worst.toFixed(0)} longer outside my own spans (network or queueing delay on my side)${edges.delayedOut.length ? ', and so do my own calls out' : ''}: ${delayed.map((e) => `${e.detail.caller} ${describeGap(e.detail)}`).join('; ')}`,
      });
    }
    return out;
  },
};

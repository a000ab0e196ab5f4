import { strengths, thresholds } from '../thresholds.js';
import type { RuleContext } from './context.js';
import { surgeRatio, trafficByNeighbour, type NeighbourTraffic } from './edge-facts.js';
import { saturate, type CauseRule, type ExplainerRule, type Match, type Of } from './rule.js';
import { plainCause } from './traits.js';

const SURGE_STRENGTH = strengths.upstreamSurge;
const SOURCE = strengths.trafficSource;

export const upstreamSurgeRule: ExplainerRule = {
  id: 'upstream_surge',
  role: 'explainer',
  family: 'traces',
  when: `a caller’s calls into the node per minute up ≥${thresholds.surgeRatio}× (all its instances’ calls together)`,
  strength: String(SURGE_STRENGTH),
  explanation:
    'More traffic from a caller: it explains only load-sized causes (saturation, a crash, slowness) in proportion to the surge, and only once the caller confirms it is part of the incident. A degraded node that forwards the extra load relays the surge.',
  explains: 'load',
  isFailingDependency: false,
  effect: (node) => `${node} is saturated by the extra load`,
  match: ({ edges }) =>
    trafficByNeighbour(edges.inbound, 'caller').flatMap((t) => {
      const ratio = surgeRatio(t);
      return ratio === null
        ? []
        : [
            {
              neighbour: t.neighbour,
              evidence: t.edges.map((e) => e.id),
              strength: SURGE_STRENGTH,
              ratio,
              text: `traffic from ${t.neighbour} up ×${ratio.toFixed(2)}`,
            },
          ];
    }),
};

export const trafficSourceRule: CauseRule = {
  id: 'traffic_source',
  role: 'cause',
  family: 'traces',
  when: `the node sends ≥${thresholds.sourceSurgeRatio}× more calls per minute to a dependency than its own inbound growth explains (≥${thresholds.minSurgeCalls} calls in the window, ≥${thresholds.minCalls} in the baseline) while its other calls stay level (up < ${thresholds.surgeRatio}× its inbound growth); entry points (no callers) excluded`,
  strength: `${SOURCE.base} + ${SOURCE.gain}·s(out/in − ${thresholds.sourceSurgeRatio}, ${SOURCE.scale}), at most ${SOURCE.max}`,
  explanation:
    'A surge that starts here — a job, a retry loop or a client bug — not load passing through. An Origin with it is the source of the surge claims on its callees.',
  ...plainCause,
  explainedBy: null,
  startsSurge: true,
  match: trafficSource,
};

/**
 * Entry points (no callers in the evidence) are left out: their traffic is their users' to change.
 */
function trafficSource({ edges }: RuleContext): Match[] {
  type Traffic = NeighbourTraffic<Of<'trace_edge'>>;
  const ratio = (t: Traffic): number => t.callRateRatio ?? 0;
  const received = trafficByNeighbour(edges.inbound, 'caller').filter(
    (t) => t.callRateRatio != null && t.baselineCalls >= thresholds.minCalls,
  );
  if (received.length === 0) return [];
  const inRatio = Math.max(1, ...received.map(ratio));
  const sent = trafficByNeighbour(edges.outbound, 'callee');
  // Rates of a handful of calls are noise: both periods need a real sample.
  const surging = sent.filter(
    (t) =>
      t.baselineCalls >= thresholds.minCalls &&
      t.windowCalls >= thresholds.minSurgeCalls &&
      ratio(t) >= Math.max(thresholds.sourceSurgeRatio, thresholds.sourceSurgeRatio * inRatio),
  );
  // Level means in step with what I receive: calls that grew only as my inbound traffic did are
  // load passing through. Any of my instances' calls count, to the surging callee too: one pod
  // sending ×5 while its sibling sends as before is a source in that pod, not load.
  const level = edges.outbound.filter(
    (e) =>
      e.detail.callRateRatio != null &&
      e.detail.baselineCalls >= thresholds.minCalls &&
      e.detail.callRateRatio < thresholds.surgeRatio * inRatio,
  );
  if (surging.length === 0 || level.length === 0) return [];
  const worst = Math.max(...surging.map(ratio));
  return [
    {
      evidence: surging.flatMap((t) => t.edges.map((e) => e.id)),
      strength: Math.min(SOURCE.max, SOURCE.base + SOURCE.gain * saturate(worst / inRatio - thresholds.sourceSurgeRatio, SOURCE.scale)),
      text: `I send ×${worst.toFixed(1)} more calls to ${surging.map((t) => t.neighbour).join(', ')} while what I receive grew at most ×${inRatio.toFixed(1)} and my other calls stay level: the extra load starts here`,
    },
  ];
}

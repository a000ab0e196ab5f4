import { thresholds } from '../thresholds.js';
import type { RuleContext } from './context.js';
import { surgeRatio } from './edge-facts.js';
import { saturate, type CauseRule, type ExplainerRule, type Match, type Of } from './rule.js';
import { plainCause } from './traits.js';

const SURGE_STRENGTH = 0.75;

export const upstreamSurgeRule: ExplainerRule = {
  id: 'upstream_surge',
  role: 'explainer',
  family: 'traces',
  when: `a caller’s calls into the node per minute up ≥${thresholds.surgeRatio}×`,
  strength: String(SURGE_STRENGTH),
  explanation:
    'More traffic from a caller: it explains only load-sized causes (saturation, a crash, slowness) in proportion to the surge, and only once the caller confirms it is part of the incident. A degraded node that forwards the extra load relays the surge.',
  explains: 'load',
  isFailingDependency: false,
  effect: (node) => `${node} is saturated by the extra load`,
  match: ({ edges }) =>
    edges.inbound.flatMap((e) => {
      const ratio = surgeRatio(e.detail);
      return ratio === null
        ? []
        : [
            {
              neighbour: e.detail.caller,
              evidence: [e.id],
              strength: SURGE_STRENGTH,
              ratio,
              text: `traffic from ${e.detail.caller} up ×${ratio.toFixed(2)}`,
            },
          ];
    }),
};

export const trafficSourceRule: CauseRule = {
  id: 'traffic_source',
  role: 'cause',
  family: 'traces',
  when: `the node sends ≥${thresholds.sourceSurgeRatio}× more calls per minute to a dependency than its own inbound growth explains (≥${thresholds.minSurgeCalls} calls in the window, ≥${thresholds.minCalls} in the baseline) while its other calls stay level (up < ${thresholds.surgeRatio}× its inbound growth); entry points (no callers) excluded`,
  strength: `0.45 + 0.4·s(out/in − ${thresholds.sourceSurgeRatio}, 2), at most 0.9`,
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
  const ratio = (e: Of<'trace_edge'>): number => e.detail.callRateRatio ?? 0;
  const received = edges.inbound.filter((e) => e.detail.callRateRatio != null && e.detail.baselineCalls >= thresholds.minCalls);
  if (received.length === 0) return [];
  const inRatio = Math.max(1, ...received.map(ratio));
  // Rates of a handful of calls are noise: both periods need a real sample.
  const surging = edges.outbound.filter(
    (e) =>
      e.detail.baselineCalls >= thresholds.minCalls &&
      e.detail.windowCalls >= thresholds.minSurgeCalls &&
      ratio(e) >= Math.max(thresholds.sourceSurgeRatio, thresholds.sourceSurgeRatio * inRatio),
  );
  // Level means in step with what I receive: calls that grew only as my inbound traffic did are load passing through.
  const level = edges.outbound.filter(
    (e) => e.detail.callRateRatio != null && e.detail.baselineCalls >= thresholds.minCalls && ratio(e) < thresholds.surgeRatio * inRatio,
  );
  if (surging.length === 0 || level.length === 0) return [];
  const worst = Math.max(...surging.map(ratio));
  const callees = [...new Set(surging.map((e) => e.detail.callee))];
  return [
    {
      evidence: surging.map((e) => e.id),
      strength: Math.min(0.9, 0.45 + 0.4 * saturate(worst / inRatio - thresholds.sourceSurgeRatio, 2)),
      text: `I send ×${worst.toFixed(1)} more calls to ${callees.join(', ')} while what I receive grew at most ×${inRatio.toFixed(1)} and my other calls stay level: the extra load starts here`,
    },
  ];
}

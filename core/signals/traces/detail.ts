import type { EvidenceDetail } from '../../model/evidence.js';
import type { TraceEdgeSummary } from './aggregator.js';

export type TraceEdgeDetail = Extract<EvidenceDetail, { type: 'trace_edge' }>;

/** The evidence detail of an edge; a period without calls reports a p95 of 0 (check the call count). */
export function toTraceEdgeDetail(edge: TraceEdgeSummary): TraceEdgeDetail {
  return {
    type: 'trace_edge',
    caller: edge.caller,
    callee: edge.callee,
    windowCalls: edge.window.calls,
    baselineCalls: edge.baseline.calls,
    windowErrorRate: edge.window.errorRate,
    baselineErrorRate: edge.baseline.errorRate,
    windowP95Ms: edge.window.p95Ms ?? 0,
    baselineP95Ms: edge.baseline.p95Ms ?? 0,
    windowP50Ms: edge.window.p50Ms ?? 0,
    baselineP50Ms: edge.baseline.p50Ms ?? 0,
    isDiscovered: edge.isDiscovered,
    windowGapP50Ms: edge.window.gapP50Ms ?? 0,
    baselineGapP50Ms: edge.baseline.gapP50Ms ?? 0,
    windowGapP95Ms: edge.window.gapP95Ms ?? 0,
    baselineGapP95Ms: edge.baseline.gapP95Ms ?? 0,
  };
}

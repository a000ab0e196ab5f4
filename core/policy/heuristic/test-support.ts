import type { EvidenceDetail } from '../../model/evidence.js';

type TraceEdgeDetail = Extract<EvidenceDetail, { type: 'trace_edge' }>;

/** A call edge that did not change against its baseline; `over` sets what the test is about. */
export function steadyTraceEdge(caller: string, callee: string, over: Partial<TraceEdgeDetail> = {}): TraceEdgeDetail {
  return {
    type: 'trace_edge',
    caller,
    callee,
    windowCalls: 100,
    baselineCalls: 100,
    windowErrorRate: 0,
    baselineErrorRate: 0,
    windowP95Ms: 10,
    baselineP95Ms: 10,
    isDiscovered: false,
    callRateRatio: 1,
    ...over,
  };
}

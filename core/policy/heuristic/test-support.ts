import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';
import type { ContextPacket, PacketNeighbour } from '../../model/packet.js';

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

/** A packet for `node` (`namespace/Kind/name`) with what heuristic tests do not vary; they give evidence and neighbours. */
export function testPacket(
  node: string,
  evidence: EvidenceItem[],
  neighbours: PacketNeighbour[] = [],
  times: Pick<ContextPacket, 'window' | 'incidentTime'> = { window: { start: 0, end: 1000 }, incidentTime: 600 },
): ContextPacket {
  const [namespace, kind, name] = node.split('/') as [string, string, string];
  return {
    node,
    entity: { id: node, kind, name, namespace, labels: {}, attrs: {} },
    ...times,
    neighbours,
    omittedNeighbours: 0,
    inbox: [],
    evidence,
    omitted: [],
    tokenCount: 100,
    tokenBudget: 6000,
  };
}

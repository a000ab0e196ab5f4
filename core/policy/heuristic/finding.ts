import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';

/**
 * What one rule saw in the packet. `cause` findings can make the node an Origin; `symptom`
 * findings say it is degraded; `explainer` findings name a neighbour that may explain it.
 */
export type Finding =
  | { role: 'cause'; rule: CauseRule; evidence: string[]; strength: number; text: string; explainedBy: ExplainedBy; magnitude?: number }
  | { role: 'symptom'; rule: SymptomRule; evidence: string[]; text: string }
  | { role: 'explainer'; rule: ExplainerRule; neighbour: string; evidence: string[]; strength: number; text: string; ratio?: number };

export type CauseRule =
  | 'change'
  | 'failure_event'
  | 'saturation'
  | 'new_error_logs'
  | 'code_path'
  | 'own_latency'
  | 'own_errors'
  | 'network_delay'
  | 'traffic_source';
export type SymptomRule = 'alert' | 'served_latency' | 'served_errors' | 'metric';
export type ExplainerRule = 'failing_callee' | 'slow_callee' | 'upstream_surge' | 'named_dependency' | 'delaying_caller';
/**
 * What can explain a cause away: `surge` — saturation that follows extra traffic from a caller
 * that is itself part of the incident; `callee` — error logs and changed code paths in a node
 * whose own calls fail (the errors are about the dependency); null — nothing (a change is a
 * cause in its own right).
 */
export type ExplainedBy = 'surge' | 'callee' | null;

export type Of<T extends EvidenceDetail['type']> = EvidenceItem & { detail: Extract<EvidenceDetail, { type: T }> };
export const isType =
  <T extends EvidenceDetail['type']>(type: T) =>
  (e: EvidenceItem): e is Of<T> =>
    e.detail.type === type;

/** x / (x + k): 0 at 0, ½ at k, → 1; turns an unbounded surprise into a strength. */
export function saturate(x: number, k: number): number {
  return x <= 0 ? 0 : x / (x + k);
}

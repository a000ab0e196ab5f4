import type { CauseClass, EvidenceRef } from '../ledger/index.js';

/**
 * Cause class of a cause rule the ledger recorded (the heuristic's rule ids are part of the
 * ledger vocabulary, docs/heuristic.md). Symptom and explainer rules name no cause.
 */
const classOfRule: Readonly<Record<string, CauseClass>> = {
  change: 'change',
  failure_event: 'infrastructure',
  saturation: 'resource',
  new_error_logs: 'code',
  code_path: 'code',
  fewer_calls: 'code',
  own_errors: 'code',
  own_latency: 'resource',
  network_delay: 'network',
  traffic_source: 'load',
};

/** Cause class of a cited fault when no rule says it (the LLM policy): by what the evidence is. */
function classOfRef(ref: EvidenceRef): CauseClass | null {
  if (ref.kind === 'change') return 'change';
  if (ref.extractor === 'failure_event' || ref.kind === 'event') return 'infrastructure';
  if (ref.extractor === 'metric_anomaly') return 'resource';
  if (ref.extractor === 'log_template') return 'code';
  if (ref.extractor === 'trace_edge') return 'network';
  if (ref.extractor === 'trace_fanout') return 'code';
  return null;
}

/** The first cause rule that fired decides; otherwise the first cited fault; otherwise unknown. */
export function causeClassOf(rules: readonly string[], cited: readonly EvidenceRef[]): CauseClass {
  for (const rule of rules) {
    const cls = classOfRule[rule];
    if (cls) return cls;
  }
  for (const ref of cited) {
    if (!ref.isFault) continue;
    const cls = classOfRef(ref);
    if (cls) return cls;
  }
  return 'unknown';
}

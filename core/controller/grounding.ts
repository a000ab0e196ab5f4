import { isHardEvidence, NORMAL_SERIES_PREFIX } from '../model/index.js';
import { isFewerCalls } from '../signals/index.js';
import { calibrate } from './calibration.js';
import type { ContextPacket, EvidenceItem, TimeWindow } from '../model/index.js';
import type { Confidence, EvidenceRef, Grounding } from '../ledger/index.js';

/** Confidence caps of design.md §4. */
export const confidenceCaps: Readonly<Record<Grounding, number>> = { grounded: 1, partial: 0.84, ungrounded: 0.64 };

/**
 * A citable change or fault (design.md §1, "Origin"): a change record, a failure event, or a
 * derived fault signal (object diff, new or surging error template, resource/traffic anomaly;
 * not a metric series the detector found normal).
 * Alerts and trace edges describe symptoms and propagation, so they do not count.
 */
export function isCitableFault(item: EvidenceItem): boolean {
  if (!isHardEvidence(item)) return false;
  const { detail } = item;
  switch (detail.type) {
    case 'change':
      return true;
    case 'metric_anomaly':
      // A series the detector found normal is context, not a fault (the store names it `series:`).
      return !item.id.startsWith(NORMAL_SERIES_PREFIX);
    case 'event':
      return detail.isFailure;
    case 'log_template':
      return detail.isError && (detail.isNew || (detail.rateRatio ?? 0) >= 2);
    case 'fan_out':
      // Fewer calls per request: a code path of the node's own stopped running.
      return isFewerCalls(detail);
    case 'alert':
    case 'log':
    case 'trace_edge':
    case 'span':
    case 'metric':
      return item.provenance.extractor === 'failure_event' || item.provenance.extractor === 'k8s_diff';
    default: {
      const unreachable: never = detail;
      return unreachable;
    }
  }
}

/** The default verification gate: the packet's citable faults that are not flagged as suspicious text. */
export function citableFaults(packet: ContextPacket): string[] {
  const suspicious = new Set(packet.suspicious ?? []);
  return packet.evidence.filter((item) => isCitableFault(item) && !suspicious.has(item.id)).map((item) => item.id);
}

export function toEvidenceRef(item: EvidenceItem): EvidenceRef {
  return { id: item.id, kind: item.kind, extractor: item.provenance.extractor, time: item.time, isFault: isCitableFault(item) };
}

export function isHardRef(ref: EvidenceRef): boolean {
  return isHardEvidence({ provenance: { file: '', line: null, sha256: '', extractor: ref.extractor } });
}

/** Grounded = hard evidence and a citable fault inside the onset window; partial = one of the two. */
export function groundingOf(cited: readonly EvidenceRef[], window: TimeWindow | null): Grounding {
  const hasHard = cited.some(isHardRef);
  const hasFault = cited.some((ref) => ref.isFault && (window === null || (ref.time >= window.start && ref.time <= window.end)));
  if (hasHard && hasFault) return 'grounded';
  return hasHard || hasFault ? 'partial' : 'ungrounded';
}

export function capConfidence(raw: number, grounding: Grounding): Confidence {
  const cap = confidenceCaps[grounding];
  const effective = Math.min(raw, cap);
  return { raw, grounding, cap, effective, calibrated: calibrate(effective) };
}

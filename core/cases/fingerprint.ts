import { z } from 'zod';
import { isCitableFault } from '../controller/grounding.js';
import type { EvidenceItem } from '../model/evidence.js';
import type { EntityId } from '../model/ids.js';

/**
 * What a new incident has before it is diagnosed, and a past case had too (docs/cases.md §2):
 * normalised alert signatures (as the scopes normalise them), the kinds and roles of alerting
 * entities, the kinds of abnormal evidence, and the kinds of changes in the window. Every entry
 * is a kind, never an instance: no entity names, ids, numbers or times, so two incidents of the
 * same fault on different services, replicas or days share their fingerprint.
 */
export const Fingerprint = z.object({
  signatures: z.array(z.string()),
  roles: z.array(z.string()),
  evidence: z.array(z.string()),
  changes: z.array(z.string()),
});
export type Fingerprint = z.infer<typeof Fingerprint>;

export const fingerprintFacets = ['signatures', 'roles', 'evidence', 'changes'] as const;
export type FingerprintFacet = (typeof fingerprintFacets)[number];

/** Digits and hex runs (ids, counts, addresses, durations) masked, as log templates mask variables. */
function maskNumbers(text: string): string {
  return text
    .replace(/\b[0-9a-f]{8,}\b/gi, '#')
    .replace(/[0-9]+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

const maxTemplateChars = 96;

/** A caller-side gap or p95 that doubled, with at least this many ms more: the call got slower. */
const slowerRatio = 2;
const slowerMinMs = 20;
/** An error share this much above the baseline's: the call fails now. */
const errorShareRise = 0.05;

/**
 * The kind of one abnormal evidence item, or null when it is not abnormal or names only an
 * instance. Changes are kept apart (changeKind); alerts are in the signatures.
 * - a metric anomaly: its metric family (numbers masked: p95 and p99 are one family) and direction;
 * - an error template, new or surging: its text with numbers masked;
 * - a call: its error shape (fails more), its delay shape (the caller's wait outside the callee
 *   grew: the network) or its latency shape (the callee's own time grew);
 * - fewer calls per request served; a failure event by its reason.
 */
export function evidenceKindOf(item: EvidenceItem): string | null {
  const d = item.detail;
  switch (d.type) {
    case 'metric_anomaly':
      return isCitableFault(item) ? `metric ${maskNumbers(d.metric)} ${d.direction}` : null;
    case 'log_template':
      return isCitableFault(item) ? `error log ${maskNumbers(d.template).slice(0, maxTemplateChars)}` : null;
    case 'trace_edge': {
      if (d.windowErrorRate > d.baselineErrorRate + errorShareRise) return 'calls fail';
      const gap = d.windowGapP50Ms ?? 0;
      const baseGap = d.baselineGapP50Ms ?? 0;
      if (gap > baseGap * slowerRatio + slowerMinMs) return 'calls wait longer outside the callee';
      if (d.windowP95Ms > d.baselineP95Ms * slowerRatio + slowerMinMs) return 'calls slower';
      return null;
    }
    case 'fan_out':
      return isCitableFault(item) ? 'fewer calls per request' : null;
    case 'event':
      return d.isFailure ? `event ${maskNumbers(d.reason)}` : null;
    case 'change':
    case 'alert':
    case 'log':
    case 'span':
    case 'metric':
      return null;
    default: {
      const unreachable: never = d;
      return unreachable;
    }
  }
}

/** What the fingerprint is built from; the session reads it from the evidence store and the graph. */
export interface FingerprintInput {
  /** Alert signatures (core/scopes normaliseAlerts) with the entity each fired on. */
  alerts: ReadonlyArray<{ signature: string; entity: EntityId }>;
  /** Abnormal evidence of every entity in the window, changes included. */
  evidence: readonly EvidenceItem[];
  kindOf: (entity: EntityId) => string;
  /** An entity's role in the call graph: `entry` (where users' requests come in), `backend`, `inner`, or `other`. */
  roleOf: (entity: EntityId) => string;
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

export function buildFingerprint(input: FingerprintInput): Fingerprint {
  const changes: string[] = [];
  const evidence: string[] = [];
  for (const item of input.evidence) {
    if (item.detail.type === 'change') changes.push(`${input.kindOf(item.entity)} ${maskNumbers(item.detail.changeKind)}`);
    else {
      const kind = evidenceKindOf(item);
      if (kind !== null) evidence.push(kind);
    }
  }
  return {
    signatures: sorted(input.alerts.map((a) => a.signature)),
    roles: sorted(input.alerts.map((a) => `${input.kindOf(a.entity)} ${input.roleOf(a.entity)}`)),
    evidence: sorted(evidence),
    changes: sorted(changes),
  };
}

import type { Belief } from '../../model/belief.js';
import type { ContextPacket } from '../../model/packet.js';
import { collectFindings } from './findings.js';
import type { Finding } from './rules/index.js';
import { thresholds } from './thresholds.js';

export type Cause = Extract<Finding, { role: 'cause' }>;
export type Explainer = Extract<Finding, { role: 'explainer' }>;

/** The findings of one packet sorted into what the verdict and the verification gate both read. */
export interface Standing {
  findings: Finding[];
  beliefOf: (id: string) => Belief | null;
  causes: Cause[];
  symptoms: Finding[];
  /** Explainers whose neighbour may still explain: not found Healthy or inconclusive. */
  candidates: Explainer[];
  confirmed: Explainer[];
  isSurgeSized: (c: Cause) => boolean;
  /** A crash explained by the load it received: its consequences are explained with it. */
  crashExplained: boolean;
  /**
   * Causes that stand: abnormal against the baseline (every cause rule compares with it) and
   * not explained away by a neighbour (a surge sized to them, a failing callee, the crash they
   * follow from); a crash counts only on a node otherwise degraded.
   */
  standing: Cause[];
}

export function analyseStanding(packet: ContextPacket): Standing {
  const findings = collectFindings(packet);
  const beliefOf = (id: string): Belief | null => latestBelief(packet, id);
  const causes = findings.filter((f): f is Cause => f.role === 'cause');
  const symptoms = findings.filter((f) => f.role === 'symptom');
  const explainers = findings.filter((f): f is Explainer => f.role === 'explainer');

  // A neighbour that found itself Healthy, or found nothing to go on (Defer), explains nothing;
  // one not yet looked at might.
  const candidates = explainers.filter((f) => {
    const label = beliefOf(f.neighbour)?.label;
    return label === undefined || label === 'Origin' || label === 'Symptom';
  });
  const confirmed = candidates.filter((f) => isConfirmed(beliefOf(f.neighbour)));
  // A surge explains saturation only once the caller confirms it is part of the incident; a
  // failing callee explains my error logs as soon as the evidence shows it (it is then visited,
  // and a Healthy verdict there brings the cause back).
  // …and only in proportion: ×1.3 more traffic explains memory doubling, not CPU ×40.
  const surge = Math.max(0, ...confirmed.filter((f) => f.rule.explains === 'load').map((f) => f.ratio ?? 0));
  const isSurgeSized = (c: Cause): boolean =>
    surge > 0 && (c.magnitude === undefined || c.magnitude <= thresholds.surgeAmplification * surge);
  // Error logs are about a dependency only when that dependency actually fails.
  const hasCallee = candidates.some((f) => f.rule.isFailingDependency);
  const isExplained = (c: Cause): boolean =>
    (c.rule.explainedBy === 'surge' && isSurgeSized(c)) || (c.rule.explainedBy === 'callee' && hasCallee);
  // A pod that crashed (OOM-killed, crash-looping) fails requests and logs errors: once the
  // crash is explained by the load it received, so are those consequences.
  const crashExplained = causes.some((c) => c.rule.isCrash && isExplained(c));
  // A restart loop on a node that serves its callers normally is chronic noise (a flapping
  // sidecar), not the incident: failure events count only on a degraded node.
  const isDegradedHere = symptoms.length > 0 || causes.some((c) => !c.rule.isCrash);
  const standing = causes.filter(
    (c) => !isExplained(c) && !(crashExplained && c.rule.isCrashConsequence) && (!c.rule.isCrash || isDegradedHere),
  );
  return { findings, beliefOf, causes, symptoms, candidates, confirmed, isSurgeSized, crashExplained, standing };
}

/**
 * The verification gate's test (docs/invariants.md, "A gate worth its name"), shared with the
 * heuristic's own verdict: the evidence of the causes that stand in this packet, without any
 * item flagged as suspicious text. An Origin must cite at least one of these ids.
 */
export function discriminatingEvidence(packet: ContextPacket): string[] {
  const suspicious = new Set(packet.suspicious ?? []);
  const ids = analyseStanding(packet).standing.flatMap((c) => c.evidence);
  return [...new Set(ids)].filter((id) => !suspicious.has(id));
}

export function isConfirmed(belief: Belief | null): boolean {
  return belief !== null && (belief.label === 'Origin' || belief.label === 'Symptom');
}

function latestBelief(packet: ContextPacket, id: string): Belief | null {
  const messages = packet.inbox.filter((m) => m.from === id).sort((a, b) => b.seq - a.seq);
  return messages[0]?.belief ?? packet.neighbours.find((n) => n.id === id)?.belief ?? null;
}

import type { Belief } from '../../model/belief.js';
import type { ContextPacket } from '../../model/packet.js';
import { collectFindings, type HeuristicOptions } from './findings.js';
import { degradedTargets, type Finding } from './rules/index.js';
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
  /** Changes followed by nothing abnormal here or on what they act on: refuted red herrings. */
  refuted: Cause[];
  /** Why causes that needed corroboration were set aside (reasoning lines). */
  setAside: string[];
}

export function analyseStanding(packet: ContextPacket, options: HeuristicOptions = {}): Standing {
  const findings = collectFindings(packet, options);
  const beliefOf = (id: string): Belief | null => latestBelief(packet, id);
  const candidateCauses = findings.filter((f): f is Cause => f.role === 'cause');
  // A change must be followed by something abnormal here or on what it acts on; else it is refuted.
  const hasEffect = findings.some((f) => f.role !== 'cause' || !f.rule.needsEffect) || degradedTargets(packet).length > 0;
  const refuted = hasEffect ? [] : candidateCauses.filter((c) => c.rule.needsEffect);
  const causes = candidateCauses.filter((c) => !refuted.includes(c));
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
  const isExplained = (c: Cause): boolean => {
    const by = c.explainedBy === undefined ? c.rule.explainedBy : c.explainedBy;
    return (by === 'surge' && isSurgeSized(c)) || (by === 'callee' && hasCallee);
  };
  // A pod that crashed (OOM-killed, crash-looping) fails requests and logs errors: once the
  // crash is explained by the load it received, so are those consequences.
  const crashExplained = causes.some((c) => c.rule.isCrash && isExplained(c));
  // A restart loop on a node that serves its callers normally is chronic noise (a flapping
  // sidecar), not the incident: failure events count only on a degraded node.
  const isDegradedHere = symptoms.length > 0 || causes.some((c) => !c.rule.isCrash);
  const unexplained = causes.filter(
    (c) => !isExplained(c) && !(crashExplained && c.rule.isCrashConsequence) && (!c.rule.isCrash || isDegradedHere),
  );
  // A cause that needs corroboration (an early change) stands only beside another of the node's own…
  const isCorroborated = unexplained.some((c) => c.needsCorroboration !== true);
  // …or where it acts: what has no telemetry of its own (an autoscaler, a ConfigMap) shows no
  // fault after its change, what it acts on does. A target confirmed Origin whose own verdict
  // stands on this same change record (corroborated there by the target's own faults) corroborates it.
  const targetStandsOn = (c: Cause): boolean =>
    packet.neighbours.some((n) => {
      if (n.direction !== 'out' || (n.relation !== 'explains' && n.relation !== 'configures')) return false;
      const b = beliefOf(n.id);
      return b?.label === 'Origin' && c.evidence.some((id) => b.evidence.includes(id));
    });
  const standing = unexplained.filter((c) => c.needsCorroboration !== true || isCorroborated || targetStandsOn(c));
  const setAside = unexplained
    .filter((x) => !standing.includes(x))
    .map((c) => `${c.rule.id} refuted as the trigger: long before the onset, and no fault of my own or of what it acts on follows it`);
  return { findings, beliefOf, causes, symptoms, candidates, confirmed, isSurgeSized, crashExplained, standing, refuted, setAside };
}

/**
 * The verification gate's test (docs/invariants.md, "A gate worth its name"), shared with the
 * heuristic's own verdict: the evidence of the causes that stand in this packet and the changes
 * that precede the onset here, without any item flagged as suspicious text. An Origin must cite
 * at least one of these ids.
 */
export function discriminatingEvidence(packet: ContextPacket): string[] {
  const suspicious = new Set(packet.suspicious ?? []);
  const standing = analyseStanding(packet);
  const ids = [...standing.standing.flatMap((c) => c.evidence), ...precedingChanges(packet, standing)];
  return [...new Set(ids)].filter((id) => !suspicious.has(id));
}

/** What an entity reports about itself while it runs; a ConfigMap, a Secret or an autoscaler has none. */
const TELEMETRY_KINDS: ReadonlySet<string> = new Set(['metric', 'log', 'span']);

/**
 * Changes that discriminate an Origin on their own (docs/changes.md §3, "The gate"): the packet's
 * change records — on the node or on what configures, contains or runs it, the only ones a packet
 * holds — made inside the window and before the onset. Precedence and locality make a change the
 * suspect; an object without telemetry shows no fault of its own, so nothing else could. Whether
 * it is the trigger is the policy's judgement, not the gate's. Except a change the node's own
 * telemetry refutes: a node that reports about itself and shows nothing abnormal after it.
 */
function precedingChanges(packet: ContextPacket, standing: Standing): string[] {
  const onset = packet.incidentTime ?? packet.window.end;
  const hasTelemetry = packet.evidence.some((e) => TELEMETRY_KINDS.has(e.kind));
  const refuted = new Set(hasTelemetry ? standing.refuted.flatMap((c) => c.evidence) : []);
  return packet.evidence
    .filter((e) => e.kind === 'change' && e.time >= packet.window.start && e.time <= onset && !refuted.has(e.id))
    .map((e) => e.id);
}

export function isConfirmed(belief: Belief | null): boolean {
  return belief !== null && (belief.label === 'Origin' || belief.label === 'Symptom');
}

function latestBelief(packet: ContextPacket, id: string): Belief | null {
  const messages = packet.inbox.filter((m) => m.from === id).sort((a, b) => b.seq - a.seq);
  return messages[0]?.belief ?? packet.neighbours.find((n) => n.id === id)?.belief ?? null;
}

import type { Claim, Label, PolicyOutput } from '../../model/belief.js';
import type { ContextPacket } from '../../model/packet.js';
import { changeClaims, proposalsFor, relayClaims, surgeClaims, surgedByClaims } from './claims.js';
import type { HeuristicOptions } from './findings.js';
import type { Finding, RuleId } from './rules/index.js';
import { analyseStanding, isConfirmed, type Explainer } from './standing.js';
import { thresholds, verdictConfidence } from './thresholds.js';

/** The policy output, and the ids of the rules that fired in table order (the ledger records them). */
export interface HeuristicVerdict {
  output: PolicyOutput;
  rules: RuleId[];
}

/** The heuristic's output alone, shaped exactly as any policy's (what the LLM tests compare with). */
export function evaluateHeuristic(packet: ContextPacket): PolicyOutput {
  return decideHeuristic(packet).output;
}

/**
 * The heuristic abductive policy: explainable rules over one context packet (design.md §1).
 * A node is an Origin when it has a citable cause that no confirmed neighbour explains away,
 * a Symptom when neighbours explain its degradation, Healthy when nothing is wrong, and Defer
 * when it is degraded but the packet holds no recognisable cause or explanation.
 */
export function decideHeuristic(packet: ContextPacket, options: HeuristicOptions = {}): HeuristicVerdict {
  const { findings, beliefOf, causes, symptoms, candidates, confirmed, isSurgeSized, crashExplained, standing, refuted, setAside } =
    analyseStanding(packet, options);
  const explainsByLoad = (f: Explainer): boolean =>
    f.rule.explains === 'load' &&
    causes.some((c) => c.rule.explainedBy === 'surge' && isSurgeSized(c)) &&
    isConfirmed(beliefOf(f.neighbour));
  const strongest = Math.max(0, ...standing.map((c) => c.strength));
  const degraded = symptoms.length > 0 || causes.length > 0 || candidates.length > 0;
  const reasoning: string[] = [...findings.map((f) => `[${f.rule.id}] ${f.text}`), ...setAside];
  for (const c of refuted) reasoning.push(`${c.rule.id} refuted: nothing abnormal follows it here or on what it acts on (a red herring)`);

  let label: Label;
  let confidence: number;
  let used: Finding[];
  let claims: Claim[] = [];
  // Extra traffic from a caller explains only what it is sized to explain (saturation).
  const relevant = candidates.filter((f) => f.rule.explains !== 'load' || explainsByLoad(f));
  const confirmedRelevant = relevant.filter((f) => isConfirmed(beliefOf(f.neighbour)));
  // A slow callee explains my slowness, not statements that stopped or errors of my own.
  const canExplainStanding = (f: Explainer): boolean => f.rule.explains !== 'latency' || standing.some((c) => c.rule.isLatency);
  // An explanation must be at least as credible as the cause it would explain away: a callee
  // that is itself only weakly suspected does not outweigh new errors of my own.
  const bestExplanation = Math.max(
    0,
    ...confirmedRelevant.filter(canExplainStanding).map((f) => f.strength * (beliefOf(f.neighbour)?.confidence ?? 0)),
  );
  if (standing.length > 0 && (strongest >= thresholds.strongCause || strongest > bestExplanation)) {
    label = 'Origin';
    confidence = combine(standing.map((c) => c.strength));
    used = [...standing, ...symptoms];
    reasoning.push(
      `→ Origin: ${standing.map((c) => c.rule.id).join(', ')} ${confirmedRelevant.length ? 'outweigh' : 'and no neighbour explains them'}`,
    );
  } else if (relevant.length > 0) {
    label = 'Symptom';
    const explaining = confirmedRelevant.length > 0 ? confirmedRelevant : relevant;
    confidence = Math.min(
      verdictConfidence.maxSymptom,
      Math.max(...explaining.map((f) => f.strength)) * (confirmedRelevant.length > 0 ? 1 : thresholds.unconfirmedExplanation),
    );
    used = [...explaining, ...symptoms];
    claims = explaining.map((f) => ({
      from: f.neighbour,
      to: packet.node,
      evidence: f.evidence,
      condition: conditionOf(f),
      effect: f.rule.effect(packet.node, f.neighbour),
    }));
    claims.push(...relayClaims(packet, confirmed, claims));
    const explainedCauses = causes.filter((c) => !standing.includes(c));
    if (explainedCauses.length)
      reasoning.push(
        `${explainedCauses.map((c) => `${c.rule.id} explained by ${c.rule.isCrashConsequence && crashExplained ? 'the crash' : c.rule.explainedBy === 'surge' ? 'upstream traffic' : 'failing dependencies'}`).join(', ')}`,
      );
    reasoning.push(
      `→ Symptom: explained by ${unique(explaining.map((f) => f.neighbour)).join(', ')}${confirmedRelevant.length ? '' : ' (not yet confirmed by their own evaluation)'}`,
    );
  } else if (degraded) {
    label = 'Defer';
    confidence = verdictConfidence.defer;
    used = symptoms;
    reasoning.push('→ Defer: degraded, but no recognisable cause or explaining neighbour in the packet');
  } else {
    label = 'Healthy';
    confidence = packet.evidence.length > 0 ? verdictConfidence.healthy : verdictConfidence.healthyWithoutEvidence;
    used = [];
    reasoning.push('→ Healthy: no anomaly, failure, change or failing dependency in the window');
  }
  // Only a change (a feature flag, a campaign, a config) or a surge that starts in the node makes
  // an Origin the source of a surge; otherwise more traffic downstream is ordinary load.
  if (label === 'Origin' && standing.some((c) => c.rule.startsSurge)) claims = surgeClaims(packet);
  // A change on what configures or hosts me (a ConfigMap, a Secret, a Node) explains me.
  if (label === 'Origin') claims.push(...changeClaims(packet, standing));
  // An Origin caller's surge into me explains my saturation (proportionality: at least twice the calls).
  if (label === 'Origin') {
    const surged = surgedByClaims(packet, standing, confirmed, beliefOf);
    claims.push(...surged.filter((c) => !claims.some((o) => o.from === c.from)));
  }
  const evidence = unique(used.flatMap((f) => f.evidence));
  const output: PolicyOutput = {
    label,
    confidence: round(confidence),
    evidence,
    summary: summarise(label, used),
    reasoning,
    claims,
    proposals: proposalsFor(label, packet, candidates, beliefOf),
  };
  return { output, rules: firedRules(findings) };
}

function conditionOf(f: Explainer): string {
  return f.text;
}

function summarise(label: Label, used: readonly Finding[]): string {
  const lines = used.slice(0, 3).map((f) => f.text);
  return `${label}: ${lines.length ? lines.join('; ') : 'nothing abnormal in the window'}`;
}

/** Independent pieces of evidence: 1 − Π(1 − s). */
function combine(strengths: readonly number[]): number {
  return 1 - strengths.reduce((acc, s) => acc * (1 - s), 1);
}

/** Ids of the rules that fired, once each, in table order. */
function firedRules(findings: readonly Finding[]): RuleId[] {
  return unique(findings.map((f) => f.rule.id));
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
const round = (x: number): number => Math.round(x * 1000) / 1000;

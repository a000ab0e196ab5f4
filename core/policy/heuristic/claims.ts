import type { Belief, Claim, Label } from '../../model/belief.js';
import type { ContextPacket } from '../../model/packet.js';
import type { EvidenceItem } from '../../model/evidence.js';
import type { TraceEdgeDetail } from '../../signals/index.js';
import { surgeRatio, trafficByNeighbour, type Finding } from './rules/index.js';
import { thresholds } from './thresholds.js';

type Explainer = Extract<Finding, { role: 'explainer' }>;

/**
 * A degraded node that receives extra traffic from a caller in the incident and passes it on
 * downstream relays the surge: the caller explains the calls it forwards.
 */
export function relayClaims(packet: ContextPacket, confirmed: readonly Explainer[], already: readonly Claim[]): Claim[] {
  const forwards = trafficByNeighbour(callsOut(packet), 'callee').some((t) => surgeRatio(t) !== null);
  if (!forwards) return [];
  return confirmed
    .filter((f) => f.rule.explains === 'load' && !already.some((c) => c.from === f.neighbour))
    .map((f) => ({
      from: f.neighbour,
      to: packet.node,
      evidence: f.evidence,
      condition: f.text,
      effect: `${packet.node} forwards the extra load downstream`,
    }));
}

/** An Origin that sends a surge downstream explains the callees its traffic hit. */
export function surgeClaims(packet: ContextPacket): Claim[] {
  return trafficByNeighbour(callsOut(packet), 'callee').flatMap((t) => {
    const ratio = surgeRatio(t);
    if (ratio === null) return [];
    return [
      {
        from: packet.node,
        to: t.neighbour,
        evidence: t.edges.map((e) => e.id),
        condition: `${packet.node} sends ×${ratio.toFixed(2)} more calls`,
        effect: `${t.neighbour} receives the extra load`,
      },
    ];
  });
}

/** The node's calls to others, by the trace edges its packet shows. */
function callsOut(packet: ContextPacket): Array<EvidenceItem & { detail: TraceEdgeDetail }> {
  return packet.evidence.filter(
    (e): e is EvidenceItem & { detail: TraceEdgeDetail } =>
      e.detail.type === 'trace_edge' && e.detail.caller === packet.node && e.detail.callee !== packet.node,
  );
}

/**
 * A saturating dependency whose inbound calls from a caller at least doubled, where that caller
 * is itself an Origin of the incident, is a consequence of the caller's surge, whatever else
 * it shows (a saturating database logs new errors of its own): the claim joins the caller's
 * hypothesis to mine, so the surge — not my code — is the cause upstream. The callee side of
 * `surgeClaims`, for when the caller's packet did not show the edge. Saturating means a cause
 * of the kind load produces stands here (slower answers while my own calls are not, saturated
 * resources, a crash); a surge does not stop a code path, so a node with only such causes
 * keeps them. A retry storm does not qualify either: a caller retrying my failures is my
 * Symptom, not an Origin.
 */
export function surgedByClaims(
  packet: ContextPacket,
  standing: readonly Finding[],
  confirmed: readonly Explainer[],
  beliefOf: (id: string) => Belief | null,
): Claim[] {
  const isSaturating = standing.some((c) => c.role === 'cause' && c.rule.explainedBy === 'surge');
  if (!isSaturating) return [];
  const best = new Map<string, Explainer>();
  for (const f of confirmed) {
    if (f.rule.explains !== 'load' || (f.ratio ?? 0) < thresholds.sourceSurgeRatio || beliefOf(f.neighbour)?.label !== 'Origin') continue;
    const seen = best.get(f.neighbour);
    if (!seen || (f.ratio ?? 0) > (seen.ratio ?? 0)) best.set(f.neighbour, f);
  }
  return [...best.values()]
    .sort((a, b) => (a.neighbour < b.neighbour ? -1 : a.neighbour > b.neighbour ? 1 : 0))
    .map((f) => ({
      from: f.neighbour,
      to: packet.node,
      evidence: f.evidence,
      condition: f.text,
      effect: `${packet.node} degrades under the extra load`,
    }));
}

/** A standing change on another entity (what configures or hosts me) explains me: the claim leads to it. */
export function changeClaims(packet: ContextPacket, standing: readonly Finding[]): Claim[] {
  const seen = new Set<string>();
  return standing.flatMap((f): Claim[] => {
    if (f.role !== 'cause' || f.source === undefined || seen.has(f.source)) return [];
    seen.add(f.source);
    return [
      {
        from: f.source,
        to: packet.node,
        evidence: f.evidence,
        condition: f.text,
        effect: `${packet.node} runs with the changed configuration`,
      },
    ];
  });
}

/**
 * Where to look next: neighbours the evidence points at, and — for a node that is degraded
 * without a recognisable cause of its own (Defer) — every dependency not yet looked at, as an
 * analyst drills down when the fault is not visible where the alert fired.
 */
export function proposalsFor(
  label: Label,
  packet: ContextPacket,
  candidates: readonly Explainer[],
  beliefOf: (id: string) => Belief | null,
): string[] {
  const pointed = candidates.filter((f) => beliefOf(f.neighbour) === null).map((f) => f.neighbour);
  const drill =
    label === 'Defer' || label === 'Symptom'
      ? packet.neighbours
          .filter((n) => n.direction === 'out' && (n.relation === 'calls' || n.relation === 'depends_on') && n.belief === null)
          .map((n) => n.id)
      : [];
  return unique([...pointed, ...drill]);
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

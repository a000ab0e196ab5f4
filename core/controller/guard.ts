import { PolicyOutput } from '../model/index.js';
import type { Belief, Claim, ContextPacket, EntityId, HypothesisProposal } from '../model/index.js';
import type { EventOf } from '../ledger/index.js';
import type { OperationalGraph } from '../graph/index.js';

export type Rejection = Omit<EventOf<'ClaimRejected'>, 'seq'>;
export type Distrust = Omit<EventOf<'SupportDistrusted'>, 'seq'>;

export interface GuardedOutput {
  belief: Belief;
  reasoning: string[];
  claims: Claim[];
  proposals: EntityId[];
  rejections: Rejection[];
  /** Hypotheses the policy proposed, as given: guardHypotheses judges them (guard-hypotheses.ts). */
  hypotheses: HypothesisProposal[];
  /** Labels and claims whose only support was suspicious text (packet.suspicious). */
  distrusted: Distrust[];
}

/** What the controller does with output it cannot trust: an inconclusive belief. */
export function deferOutput(summary: string): PolicyOutput {
  return { label: 'Defer', confidence: 0, evidence: [], summary, reasoning: [summary], claims: [], proposals: [] };
}

/**
 * The fabrication guard (design.md §4). Policies are untrusted: output is schema-checked,
 * a belief or claim citing evidence absent from the node's packet is rejected and the label
 * falls back to Defer, claims naming unknown entities or self loops are dropped, proposals
 * are limited to known entities. Evidence flagged as suspicious text (instructions or prompt
 * markup inside captured data) is never a label's or a claim's only support.
 */
export function guardOutput(node: EntityId, raw: unknown, packet: ContextPacket, graph: OperationalGraph): GuardedOutput {
  const parsed = PolicyOutput.safeParse(raw);
  const output = parsed.success
    ? parsed.data
    : deferOutput(`policy output failed validation: ${parsed.error.issues[0]?.message ?? 'unknown issue'}`);
  const known = new Set(packet.evidence.map((item) => item.id));
  const suspicious = new Set(packet.suspicious ?? []);
  const isDistrusted = (ids: readonly string[]): boolean => ids.length > 0 && ids.every((id) => suspicious.has(id));
  const rejections: Rejection[] = [];
  const distrusted: Distrust[] = [];
  const reasoning = [...output.reasoning];
  const evidence = [...new Set(output.evidence)];
  const fabricated = evidence.filter((id) => !known.has(id));
  if (fabricated.length > 0) {
    rejections.push({ type: 'ClaimRejected', node, reason: 'fabricated evidence', claim: null, evidence: fabricated });
  }
  const claims: Claim[] = [];
  for (const claim of output.claims) {
    const bad = claim.evidence.filter((id) => !known.has(id));
    if (!graph.has(claim.from) || !graph.has(claim.to)) {
      rejections.push({ type: 'ClaimRejected', node, reason: 'unknown entity', claim, evidence: [] });
    } else if (claim.from === claim.to) {
      rejections.push({ type: 'ClaimRejected', node, reason: 'self loop', claim, evidence: [] });
    } else if (bad.length > 0) {
      rejections.push({ type: 'ClaimRejected', node, reason: 'fabricated evidence', claim, evidence: bad });
    } else if (isDistrusted(claim.evidence)) {
      distrusted.push({ type: 'SupportDistrusted', node, label: null, claim, evidence: [...claim.evidence] });
    } else {
      claims.push(claim);
    }
  }
  const isFabricated = rejections.some((r) => r.reason === 'fabricated evidence');
  const cited = evidence.filter((id) => known.has(id));
  const isSuspectOnly = !isFabricated && output.label !== 'Defer' && isDistrusted(cited);
  if (isSuspectOnly) distrusted.unshift({ type: 'SupportDistrusted', node, label: output.label, claim: null, evidence: cited });
  const belief: Belief = {
    label: isFabricated || isSuspectOnly ? 'Defer' : output.label,
    evidence: cited,
    summary: output.summary,
    confidence: output.confidence,
  };
  if (isFabricated) reasoning.push(`guard: cited evidence not in the packet; label ${output.label} replaced by Defer`);
  if (isSuspectOnly) reasoning.push(`guard: label ${output.label} rested only on text flagged as suspicious; replaced by Defer`);
  const proposals = [...new Set(output.proposals)].filter((id) => id !== node && graph.has(id));
  return { belief, reasoning, claims, proposals, rejections, distrusted, hypotheses: output.hypotheses ?? [] };
}

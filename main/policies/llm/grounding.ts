import type { PolicyOutput } from '../../../core/model/index.js';

/** Bounds on model prose, so a runaway reply cannot bloat the ledger. */
const MAX_TEXT = 500;
const MAX_LINES = 20;
const MAX_ITEMS = 20;
const MAX_HYPOTHESES = 8;

/** Ids cited by an output (belief and claims) that are not among the allowed ones. */
export function fabricatedIds(output: Pick<PolicyOutput, 'evidence' | 'claims'>, allowed: ReadonlySet<string>): string[] {
  const cited = [...output.evidence, ...output.claims.flatMap((c) => c.evidence)];
  return [...new Set(cited.filter((id) => !allowed.has(id)))];
}

/**
 * Bounds the prose of an output (summary, reasoning lines, claim texts, item counts) so a
 * runaway reply cannot bloat the ledger. Evidence ids are left exactly as given: the
 * controller's fabrication guard judges them and records what it rejects (design.md §4).
 */
export function clipOutput(output: PolicyOutput): PolicyOutput {
  return {
    label: output.label,
    confidence: output.confidence,
    evidence: [...new Set(output.evidence)].slice(0, MAX_ITEMS * 2),
    summary: clip(output.summary),
    reasoning: output.reasoning.slice(0, MAX_LINES).map(clip),
    claims: output.claims.slice(0, MAX_ITEMS).map((c) => ({ ...c, condition: clip(c.condition), effect: clip(c.effect) })),
    proposals: [...new Set(output.proposals)].slice(0, MAX_ITEMS),
    ...(output.hypotheses
      ? { hypotheses: output.hypotheses.slice(0, MAX_HYPOTHESES).map((h) => ({ ...h, statement: clip(h.statement) })) }
      : {}),
  };
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

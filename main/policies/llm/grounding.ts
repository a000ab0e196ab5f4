import type { Claim, PolicyOutput } from '../../../core/model/index.js';

/** Bounds on model prose, so a runaway reply cannot bloat the ledger. */
const MAX_TEXT = 500;
const MAX_LINES = 20;
const MAX_ITEMS = 20;

/** Ids cited by an output (belief and claims) that are not among the allowed ones. */
export function fabricatedIds(output: Pick<PolicyOutput, 'evidence' | 'claims'>, allowed: ReadonlySet<string>): string[] {
  const cited = [...output.evidence, ...output.claims.flatMap((c) => c.evidence)];
  return [...new Set(cited.filter((id) => !allowed.has(id)))];
}

export interface SanitisedOutput {
  output: PolicyOutput;
  fabricated: string[];
}

/**
 * Applies design.md §4 before the controller's guard does: invented ids are stripped, a belief
 * that cited any falls back to Defer, a claim that cited any is dropped. Prose is clipped.
 */
export function sanitiseOutput(output: PolicyOutput, allowed: ReadonlySet<string>): SanitisedOutput {
  const fabricated = fabricatedIds(output, allowed);
  const isBeliefFabricated = output.evidence.some((id) => !allowed.has(id));
  const claims: Claim[] = output.claims
    .filter((c) => c.evidence.every((id) => allowed.has(id)))
    .slice(0, MAX_ITEMS)
    .map((c) => ({ ...c, condition: clip(c.condition), effect: clip(c.effect) }));
  const reasoning = output.reasoning.slice(0, MAX_LINES).map(clip);
  if (fabricated.length > 0)
    reasoning.push(
      `llm policy: removed evidence ids not in the packet (${fabricated.length}): ${fabricated
        .slice(0, 5)
        .map((id) => clip(id))
        .join(', ')}`,
    );
  if (isBeliefFabricated) reasoning.push(`llm policy: label ${output.label} replaced by Defer because its cited evidence was invented`);
  return {
    fabricated,
    output: {
      label: isBeliefFabricated ? 'Defer' : output.label,
      confidence: output.confidence,
      evidence: [...new Set(output.evidence.filter((id) => allowed.has(id)))],
      summary: clip(output.summary),
      reasoning,
      claims,
      proposals: [...new Set(output.proposals)].slice(0, MAX_ITEMS),
    },
  };
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

import { MAX_CAUSAL_PROPOSALS } from '../../../core/causal/index.js';
import { CausalProposal } from '../../../core/model/index.js';
import { CausalOpReply, MAX_REPLY_CAUSAL } from './schemas.js';

export interface CausalReading {
  /** Well-formed operations, at most MAX_CAUSAL_PROPOSALS: the controller's guard judges each (ids, knowledge, topology). */
  proposals: CausalProposal[];
  /** One line per operation that could not be read, or that was left out; recorded with the node's PolicyCalled. */
  warnings: string[];
}

const MAX_WARNINGS = 5;

/**
 * Reads the model's causal operations one by one (docs/causal-graph.md §6). A weak or hostile
 * model's malformed operation is a warning, never a failed reply: the node's judgement stands.
 */
export function readCausalOps(items: readonly unknown[] | undefined): CausalReading {
  const proposals: CausalProposal[] = [];
  const problems: string[] = [];
  const list = items ?? [];
  list.slice(0, MAX_REPLY_CAUSAL).forEach((item, i) => {
    const problem = problemOf(item, (p) => proposals.push(p));
    if (problem !== null) problems.push(`causal[${i}] not read (${problem})`);
  });
  const warnings = problems.slice(0, MAX_WARNINGS);
  if (problems.length > MAX_WARNINGS) warnings.push(`${problems.length - MAX_WARNINGS} more malformed causal operation(s)`);
  const ignored = list.length - Math.min(list.length, MAX_REPLY_CAUSAL) + Math.max(0, proposals.length - MAX_CAUSAL_PROPOSALS);
  if (ignored > 0) warnings.push(`${ignored} causal operation(s) beyond the first ${MAX_CAUSAL_PROPOSALS} ignored`);
  return { proposals: proposals.slice(0, MAX_CAUSAL_PROPOSALS), warnings };
}

function problemOf(item: unknown, keep: (proposal: CausalProposal) => void): string | null {
  const op = CausalOpReply.safeParse(item);
  if (!op.success) return issueText(op.error.issues);
  const { type, entity, to_type, to_entity, alert, evidence, why } = op.data;
  const candidate =
    op.data.op === 'create_anomaly'
      ? { op: 'create_anomaly', anomaly: { type, entity }, evidence }
      : op.data.op === 'link_alert'
        ? { op: 'link_alert', alert, anomaly: { type, entity } }
        : { op: 'add_causality', from: { type, entity }, to: { type: to_type, entity: to_entity }, rationale: why, evidence };
  const parsed = CausalProposal.safeParse(candidate);
  if (!parsed.success) return `${op.data.op}: ${issueText(parsed.error.issues)}`;
  if (parsed.data.op === 'link_alert' && parsed.data.alert.trim() === '') return 'link_alert: no alert id';
  keep(parsed.data);
  return null;
}

function issueText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 2)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ')
    .slice(0, 200);
}

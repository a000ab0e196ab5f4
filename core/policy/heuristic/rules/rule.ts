import type { RuleContext } from './context.js';

/**
 * The shape of one rule of the heuristic: an id, its role, the evidence predicate (`match`),
 * its strength and its explanation. `docs/heuristic.md` is generated from these fields.
 *
 * Roles: a `cause` can make the node an Origin; a `symptom` says the node is degraded without
 * saying why; an `explainer` names a neighbour that may explain the node's degradation.
 */
export type RuleRole = 'cause' | 'symptom' | 'explainer';
export type RuleFamily = 'alerts' | 'changes' | 'events' | 'metrics' | 'logs' | 'traces';

export type CauseRuleId =
  | 'change'
  | 'failure_event'
  | 'saturation'
  | 'new_error_logs'
  | 'code_path'
  | 'fewer_calls'
  | 'own_latency'
  | 'own_errors'
  | 'network_delay'
  | 'traffic_source';
export type SymptomRuleId = 'alert' | 'served_latency' | 'served_errors' | 'metric';
export type ExplainerRuleId =
  'failing_callee' | 'status_names_callee' | 'slow_callee' | 'upstream_surge' | 'named_dependency' | 'delaying_caller';
export type RuleId = CauseRuleId | SymptomRuleId | ExplainerRuleId;

/**
 * What can explain a cause away: `surge` — extra traffic from a caller that is itself part of
 * the incident, when the cause is in proportion to it; `callee` — a dependency that fails or
 * that my error messages name (the errors are about it); null — nothing (a change is a cause in
 * its own right).
 */
export type ExplainedBy = 'surge' | 'callee' | null;

/** What an explainer can explain: anything, only the node's slowness, or only load-sized causes. */
export type Explains = 'anything' | 'latency' | 'load';

/** One firing of a rule: the evidence it cites, how strong it is, and its explanation filled in. */
export interface Match {
  evidence: string[];
  /** 0..1; symptoms have none (0): they say the node is degraded, never why. */
  strength: number;
  /** The rule's explanation template filled in with this packet's numbers. */
  text: string;
  /** Explainers: the neighbour that would explain the node. */
  neighbour?: string;
  /** upstream_surge: how many times more calls the neighbour sends. */
  ratio?: number;
  /** How many times over the baseline a cause grew, when it can be compared with a surge. */
  magnitude?: number;
  /** A cause that overrides its rule's \`explainedBy\` for this match (a change that drives a surge stands on its own). */
  explainedBy?: ExplainedBy;
  /** Counts only beside another standing cause of the node's own (a change long before the onset). */
  needsCorroboration?: boolean;
  /** A change on another entity (a ConfigMap, a Secret, a Node) that acts on the node: it explains the node. */
  source?: string;
}

interface RuleBase<Id extends RuleId, Role extends RuleRole> {
  id: Id;
  role: Role;
  family: RuleFamily;
  /** The evidence predicate in words (documentation and the inspector). */
  when: string;
  /** How the strength is set, in words. */
  strength: string;
  /** What it means when the rule fires, in words an analyst reads. */
  explanation: string;
  /** The evidence predicate: every match in the packet, in evidence order. Pure and deterministic. */
  match(ctx: RuleContext): Match[];
}

export interface CauseRule extends RuleBase<CauseRuleId, 'cause'> {
  explainedBy: ExplainedBy;
  /** A crash (OOM kill, crash loop): counts only on a node otherwise degraded, and explains its consequences. */
  isCrash: boolean;
  /** What a crashed pod does anyway (fails, logs errors, slows): explained with the crash. */
  isCrashConsequence: boolean;
  /** Slowness only: the one cause a slow callee can explain. */
  isLatency: boolean;
  /** An Origin with this cause is the source of the surges its calls carry downstream. */
  startsSurge: boolean;
  /**
   * A candidate that must be followed by something abnormal (a change): on a node where
   * nothing is degraded, and nothing it acts on is, it is refuted — a recorded red herring.
   */
  needsEffect: boolean;
}

export type SymptomRule = RuleBase<SymptomRuleId, 'symptom'>;

export interface ExplainerRule extends RuleBase<ExplainerRuleId, 'explainer'> {
  explains: Explains;
  /** Says a dependency fails: explains causes explained by a `callee`. */
  isFailingDependency: boolean;
  /** The effect of the claim "neighbour explains node". */
  effect(node: string, neighbour: string): string;
}

export type Rule = CauseRule | SymptomRule | ExplainerRule;

/** A rule's match, with the rule it came from. */
export type Finding =
  | (Match & { role: 'cause'; rule: CauseRule })
  | (Match & { role: 'symptom'; rule: SymptomRule })
  | (Match & { role: 'explainer'; rule: ExplainerRule; neighbour: string });

export { isType, type Of } from './evidence-of.js';

/** x / (x + k): 0 at 0, ½ at k, → 1; turns an unbounded surprise into a strength. */
export function saturate(x: number, k: number): number {
  return x <= 0 ? 0 : x / (x + k);
}

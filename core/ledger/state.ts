import type { Belief, EntityId, Message, TimeWindow } from '../model/index.js';
import { ActiveSet } from './active-set.js';
import type { BeliefSource, EventOf, EvidenceRef } from './events.js';
import type { ControllerSettings } from './settings.js';
import { createHypothesisLayer, type HypothesisLayerState } from './state-hypotheses.js';
import { createCausalLayer, type CausalLayerState } from './state-causal.js';
import { createScopeLayer, type ScopeLayerState } from './state-scopes.js';

export interface NodeState {
  belief: Belief | null;
  /** Sequence number of the BeliefSet that produced `belief`; messages carry it. */
  beliefSeq: number | null;
  beliefSource: BeliefSource | null;
  /** Ids of the rules that fired for the current belief (empty for an LLM or analyst belief). */
  rules: readonly string[];
  visits: number;
  flips: number;
  /** Evaluation index (1-based) of the node's latest evaluation, for the cooldown rule. */
  lastEvaluation: number | null;
  isDamped: boolean;
  /** Set by an analyst override: the policy never re-evaluates a human-asserted label. */
  isPinned: boolean;
  packetHash: string | null;
  window: TimeWindow | null;
  /** Evidence index of the latest packet, by id: what the node could legitimately cite. */
  packetEvidence: ReadonlyMap<string, EvidenceRef>;
  /** Index entries of the evidence the current belief cites. */
  cited: readonly EvidenceRef[];
  /** The current Origin belief failed the verification gate (OriginUnverified); reset by every new belief. */
  isUnverified: boolean;
}

export interface ClaimedEdge {
  from: EntityId;
  to: EntityId;
  by: EntityId;
  evidence: readonly string[];
  condition: string;
  effect: string;
  isDiscovered: boolean;
  seq: number;
}

export type InvestigationStatus = 'new' | 'running' | 'paused' | 'finished';

/** Controller state: always the fold of a ledger prefix. fold() hands the caller a fresh one. */
export interface InvestigationState {
  /** Sequence number of the last applied event; -1 for an empty ledger. */
  seq: number;
  started: EventOf<'InvestigationStarted'> | null;
  settings: ControllerSettings | null;
  status: InvestigationStatus;
  evaluations: number;
  tokensIn: number;
  tokensOut: number;
  nodes: Map<EntityId, NodeState>;
  active: ActiveSet;
  /** E_S keyed `from\u0000to`. */
  edges: Map<string, ClaimedEdge>;
  /** E_S adjacency in both directions, for neighbour lookups. */
  edgeNeighbours: Map<EntityId, Set<EntityId>>;
  /** Who currently asserts each E_S edge (by edge key): a node's claims last until it is evaluated again. */
  claimants: Map<string, Set<EntityId>>;
  /** Latest message from each sender, per recipient. */
  inbox: Map<EntityId, Map<EntityId, Message>>;
  /** The most recent Finished event; `status` says whether it is still current. */
  finished: EventOf<'Finished'> | null;
  /** The code layer's drill into each Origin's source (docs/code-layer.md), by node. */
  code: Map<EntityId, EventOf<'CodeDrilled'>>;
  /** Dependencies each Origin's code names that nothing else linked (CodeDependencyFound), by node. */
  codeDependencies: Map<EntityId, EventOf<'CodeDependencyFound'>[]>;
  /** The hypothesis layer (empty when it is off). */
  hypotheses: HypothesisLayerState;
  /** The causal-graph layer (empty when it is off). */
  causal: CausalLayerState;
  /** The model-driven path as recorded (events-llm.ts): calls, fallbacks, the phases' results. */
  llm: LlmRecord;
  /** The alert scopes and their messages (docs/scopes.md). */
  scopes: ScopeLayerState;
  /** The case library's prior the walk was given (docs/cases.md §4), or null. */
  casePrior: EventOf<'CasePriorGiven'> | null;
}

export interface LlmRecord {
  calls: number;
  /** Exchanges that ended other than `ok`. */
  failedCalls: number;
  /** Nodes the heuristic judged because the model could not (PolicyFellBack). */
  fallbacks: number;
  /** The model endpoint's settings (PolicyConfigured), for the diagnosis's run.settings.llm. */
  settings: Readonly<Record<string, unknown>> | null;
  bootstrap: EventOf<'BootstrapChosen'> | null;
  prose: EventOf<'ProseWritten'> | null;
  stopped: EventOf<'RunStopped'> | null;
}

export function createState(): InvestigationState {
  return {
    seq: -1,
    started: null,
    settings: null,
    status: 'new',
    evaluations: 0,
    tokensIn: 0,
    tokensOut: 0,
    nodes: new Map(),
    active: new ActiveSet(),
    edges: new Map(),
    edgeNeighbours: new Map(),
    claimants: new Map(),
    inbox: new Map(),
    finished: null,
    hypotheses: createHypothesisLayer(),
    causal: createCausalLayer(),
    llm: { calls: 0, failedCalls: 0, fallbacks: 0, settings: null, bootstrap: null, prose: null, stopped: null },
    code: new Map(),
    codeDependencies: new Map(),
    scopes: createScopeLayer(),
    casePrior: null,
  };
}

export function createNodeState(): NodeState {
  return {
    belief: null,
    beliefSeq: null,
    beliefSource: null,
    rules: [],
    visits: 0,
    flips: 0,
    lastEvaluation: null,
    isDamped: false,
    isPinned: false,
    packetHash: null,
    window: null,
    packetEvidence: new Map(),
    cited: [],
    isUnverified: false,
  };
}

export function edgeKey(from: EntityId, to: EntityId): string {
  return `${from}\u0000${to}`;
}

export function budgetLeft(state: InvestigationState): number {
  return Math.max(0, (state.settings?.budget ?? 0) - state.evaluations);
}

/** The node's entry, created on first mention. */
export function nodeOf(state: InvestigationState, node: EntityId): NodeState {
  let entry = state.nodes.get(node);
  if (!entry) {
    entry = createNodeState();
    state.nodes.set(node, entry);
  }
  return entry;
}

/** V_S: nodes evaluated at least once. */
export function visitedNodes(state: InvestigationState): EntityId[] {
  const result: EntityId[] = [];
  for (const [id, entry] of state.nodes) if (entry.visits > 0) result.push(id);
  return result.sort();
}

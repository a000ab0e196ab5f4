import type { Belief, ContextPacket, EntityId, Message, PacketNeighbour, PolicyOutput } from '../model/index.js';
import type { EventOf, LedgerEvent } from '../ledger/index.js';

/** One exchange with a model, as a policy reports it; the controller writes it as ModelCalled. */
export type ModelCallRecord = Omit<EventOf<'ModelCalled'>, 'seq' | 'type'>;

/** What a packet builder may read of the investigation: current beliefs, inbox, neighbours. */
export interface BeliefView {
  belief(node: EntityId): Belief | null;
  /** Latest message from each sender, sorted by sender id. */
  inbox(node: EntityId): readonly Message[];
  /** Topology neighbours, then E_S neighbours (relation `explains`), each sorted by id. */
  neighbours(node: EntityId): readonly PacketNeighbour[];
  visits(node: EntityId): number;
}

/** Builds the bounded context packet for one node (main implements it over the evidence store). */
export interface PacketBuilder {
  build(node: EntityId, view: BeliefView): ContextPacket;
}

export interface PolicyResult {
  output: PolicyOutput;
  tokensIn: number | null;
  tokensOut: number | null;
  cached: boolean;
  /** A recoverable problem the policy already turned into an output (e.g. invalid JSON → Defer). */
  error: string | null;
  /** Wall-clock duration; reported out of band, never written into the ledger. */
  ms: number;
  /**
   * Ids of the rules that fired, for policies made of rules (the heuristic's table); the ledger
   * records them with the belief so the UI and reports can say why. Absent for the LLM policy.
   */
  rules?: readonly string[];
  /** Every exchange with a model behind this result (LLM policy), in the order sent. */
  calls?: readonly ModelCallRecord[];
  /**
   * Why the policy's own judgement was unusable and the built-in heuristic's stands in for it
   * (the output is then the heuristic's); absent or null when the policy judged itself.
   */
  fallback?: string | null;
}

/**
 * The verification gate's test: ids of the packet's evidence that discriminate — abnormal
 * against the baseline and not explained by a neighbour (the heuristic's standing causes,
 * core/policy/heuristic/standing.ts). An Origin must cite one of them.
 */
export type OriginGate = (packet: ContextPacket) => readonly string[];

export interface Policy {
  readonly name: string;
  readonly model: string | null;
  evaluate(packet: ContextPacket): Promise<PolicyResult>;
}

export interface StoredPacket {
  hash: string;
  /** Canonical JSON of the packet: exactly what the policy saw. */
  json: string;
}

export interface CallMetric {
  /** Sequence number of the PolicyCalled event the duration belongs to. */
  seq: number;
  ms: number;
}

/** Everything one controller tick produced; main persists it in one transaction. */
export interface StepRecord {
  events: LedgerEvent[];
  packets: StoredPacket[];
  metrics: CallMetric[];
}

export interface Seed {
  node: EntityId;
  reason: string;
}

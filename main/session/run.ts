import type { Diagnosis } from '../../core/diagnosis/index.js';
import type { EventOf, InvestigationState, LedgerEvent } from '../../core/ledger/index.js';
import type { Label } from '../../core/model/index.js';
import type { RawLine } from '../store/index.js';

/**
 * One investigation as the session service drives it: a live one (`Investigation`, over an
 * evidence store) or a saved ledger replayed read-only (`openLedgerReplay`).
 */
export interface InvestigationRun {
  readonly events: readonly LedgerEvent[];
  /** The fold of `events`; read-only. */
  readonly state: InvestigationState;
  /** A replayed ledger: nothing may be appended (no steps, no overrides). */
  readonly isReadOnly: boolean;
  step(): Promise<unknown>;
  /** Runs to the end, to a pause, or until `signal` aborts (then nothing more is written). */
  run(signal?: AbortSignal): Promise<unknown>;
  pause(): void;
  override(node: string, label: Label, note: string): unknown;
  judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): unknown;
  /** The diagnosis so far; a finished run of a phased policy carries the model's prose. */
  diagnosis(): Promise<Diagnosis>;
  /** Canonical JSON of a packet this run built (PacketBuilt.packetHash), or null. */
  packetJson(hash: string): string | null;
  /** The snapshot lines an evidence item came from. */
  rawLines(evidenceId: string): Promise<RawLine[]>;
  /** Records the vote over a voted investigation's runs (a live run only; a replay has it already). */
  recordVote?(event: Omit<EventOf<'VoteCast'>, 'seq'>): void;
  close(): void;
}

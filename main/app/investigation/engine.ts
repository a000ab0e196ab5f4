import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { InvestigationSettings, LlmEndpoint } from '../../../core/ipc/index.js';
import type { InvestigationState as LedgerState, LedgerEvent } from '../../../core/ledger/index.js';
import type { Label } from '../../../core/model/index.js';

/**
 * One running investigation as the session drives it. core/controller's Controller has this
 * shape; main/session's Investigation is adapted to it.
 */
export interface EngineHandle {
  readonly events: readonly LedgerEvent[];
  /** The fold of `events`; read-only. */
  readonly state: LedgerState;
  /** A replayed ledger: nothing may be appended (no steps, no overrides). */
  readonly isReadOnly?: boolean;
  step(): Promise<unknown>;
  pause(): void;
  applyOverride(node: string, label: Label, note: string): unknown;
  diagnosis?(): Diagnosis;
  /** Canonical JSON of a packet this handle built (PacketBuilt.packetHash), or null. */
  packetJson?(hash: string): string | null;
  /** The snapshot lines an evidence item came from. */
  rawLines?(evidenceId: string): Promise<Array<{ file: string; line: number; text: string }>>;
  close?(): void;
}

/** Starts investigations of one opened snapshot. */
export interface Engine {
  start(settings: InvestigationSettings, llm?: LlmEndpoint): Promise<EngineHandle>;
  /** Stops the evidence import a Start is waiting for; false when none is running. */
  cancelImport?(): boolean;
  /** Releases what the engine holds (evidence store, temporary files). */
  close(): void;
}

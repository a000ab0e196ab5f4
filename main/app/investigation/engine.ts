import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { InvestigationSettings } from '../../../core/ipc/index.js';
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
  step(): Promise<unknown>;
  pause(): void;
  applyOverride(node: string, label: Label, note: string): unknown;
  diagnosis?(): Diagnosis;
  close?(): void;
}

/** Starts investigations of one opened snapshot. */
export interface Engine {
  start(settings: InvestigationSettings): Promise<EngineHandle>;
  /** Releases what the engine holds (evidence store, temporary files). */
  close(): void;
}

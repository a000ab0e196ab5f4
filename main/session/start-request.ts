import type { Policy } from '../../core/controller/index.js';
import type { InvestigationSettings } from '../../core/ipc/index.js';
import type { PolicySpec } from '../policies/create-policy.js';
import type { LedgerReplay } from './replay.js';
import type { SnapshotSource } from './snapshot-source.js';

/** What the service investigates: a snapshot's evidence store, or a saved ledger replayed read-only. */
export type InvestigationTarget = { kind: 'snapshot'; source: SnapshotSource } | { kind: 'replay'; replay: LedgerReplay };

export interface StartRequest {
  /** Controller settings, the policy kind and the analyst's window (null: derived). */
  settings: InvestigationSettings;
  /**
   * A policy the caller owns (bench shares one across cases), or a spec the service makes one
   * from (main/policies/create-policy.ts) and closes with the run. Omitted: the heuristic.
   */
  policy?: Policy | PolicySpec;
  /** Persist (and resume) the investigation in this ledger file; none keeps it in memory. */
  ledgerFile?: string | null;
  tokenBudget?: number;
  /** Wall-clock time (epoch ms) after which the walk stops with RunStopped "deadline". */
  deadline?: number | null;
  /**
   * Which run of a vote this Start opens (docs/voting.md); 0 (the default) is the unvaried run.
   * The service sets it for runs 1 … K−1 of `settings.runs`; callers leave it out.
   */
  run?: number;
}

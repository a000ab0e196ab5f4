import type { EntityCharts } from '../../core/charts/index.js';
import type { CaseLibraryOption } from './case-keeping.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import type { InvestigationSettings, InvestigationState } from '../../core/ipc/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import type { Label } from '../../core/model/index.js';
import type { ExportFile } from '../../core/report/index.js';
import type { Env, PolicyHandle } from '../policies/create-policy.js';
import type { NodeDetails } from './inspect.js';
import type { InvestigationRun } from './run.js';
import type { StartRequest } from './start-request.js';
import type { Voting } from './voting.js';

export interface ServiceOptions {
  /** Pushed after every step of a run, and when a run stops. */
  onChange?: (state: InvestigationState) => void;
  /** Where the API key is read from (create-policy's rule); default process.env. */
  env?: Env;
  /** The case library finished investigations are kept in and similar cases come from (docs/cases.md); none by default. */
  cases?: CaseLibraryOption;
}

/** A run set aside (`setAside`): everything the service holds of it, kept open and unchanged. */
export interface AsideRun {
  handle: InvestigationRun;
  ownedPolicy: PolicyHandle | null;
  settings: InvestigationSettings | null;
  viewSeq: number | null;
  lastError: string | null;
  request: StartRequest | null;
  voting: Voting;
}

export type ExportInputFormat = 'json' | 'markdown' | 'html' | 'gexf' | 'graphml';

/**
 * THE investigation service: CLI investigate and bench, the web host and Electron all run an
 * investigation through it. It owns the run's lifecycle (start, step, run/pause, override),
 * the views of the ledger (step back, seek, inspect, events) and the outputs (diagnosis with
 * a phased policy's finalize phase, export). The ledger is never rewound: stepping back is a
 * read-only view of an earlier prefix.
 */
export interface InvestigationService {
  start(request: StartRequest): Promise<InvestigationState>;
  step(): Promise<InvestigationState>;
  stepBack(): InvestigationState;
  /** Views the state right after ledger event `seq`; at or past the head goes live again. */
  seek(seq: number): InvestigationState;
  /** Belief history, packet and raw lines of a node at the viewed ledger position. */
  inspect(node: string): Promise<NodeDetails>;
  /**
   * Evidence charts of a node, drawn from the evidence store (imported on first use) and
   * downsampled to `width` pixel columns, with where each item of its last packet is on them.
   */
  charts(node: string, width: number): Promise<EntityCharts>;
  /** Starts a run in the background (at most `maxSteps` steps); progress goes to onChange. */
  run(maxSteps?: number): InvestigationState;
  /** Runs to the end (or a pause, or until `signal` aborts) and rethrows what stopped it. */
  runToEnd(signal?: AbortSignal): Promise<InvestigationState>;
  pause(): InvestigationState;
  reset(): InvestigationState;
  /**
   * Sets the open run aside, unclosed and exactly as it is (its ledger, the viewed position, the
   * policy, the last error, the votes), and leaves the service empty as reset() does. A Start in
   * flight is waited for (its run is the one set aside); a run in flight is paused first, as Pause
   * does (a vote in flight runs to its end), and set aside once it has stopped. One run at a time
   * (RunAlreadyAsideError); false when no run is open.
   */
  setAside(): Promise<boolean>;
  /** Closes the open run and brings back the one set aside; false, changing nothing, when there is none. */
  restoreAside(): boolean;
  override(node: string, label: Label, note: string): InvestigationState;
  /** An analyst rejects or pins a hypothesis (hypothesis layer only), recorded like an override. */
  judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): InvestigationState;
  state(): InvestigationState;
  events(afterSeq: number, limit: number): { events: LedgerEvent[]; hasMore: boolean };
  /** The diagnosis; with `settings.runs` K > 1, the vote's winner with every run's vote (docs/voting.md). */
  diagnosis(): Promise<Diagnosis>;
  /** Every run's own diagnosis, run 0 first: one without a vote. */
  runDiagnoses(): Promise<Diagnosis[]>;
  exportFile(format: ExportInputFormat, graphPng?: string): Promise<ExportFile>;
  /** Cancels the evidence import the Start in flight is waiting for; false when there is none. */
  cancelImport(): boolean;
  /** Resolves when the run in flight (if any) has stopped; for shutdown and tests. */
  settled(): Promise<void>;
  /** Records a finished lesson's outcome on the open snapshot's case (docs/cases.md §1); nothing without a library. */
  keepLessonOutcome(outcome: string): void;
  close(): void;
}

/**
 * The shapes of the store's slices and of the whole state. They live apart from the slice
 * creators so that no slice imports the store that combines it (no import circle).
 */
import type {
  AppInfo,
  ExportOutput,
  exportFormats,
  GraphView,
  ImportProgress,
  InvestigationState,
  LlmEndpoint,
  SnapshotProbe,
  SnapshotSummary,
} from '../../core/ipc/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import type { Label } from '../../core/model/index.js';
import type { TimeZoneChoice } from '../../core/time/index.js';
import type { CaptureTimesText } from './capture-times.js';
import type { CasesPreference } from './preferences.js';

export type ConnectionStatus = 'connecting' | 'ready' | 'disconnected' | 'error';

export interface SessionSlice {
  connection: ConnectionStatus;
  info: AppInfo | null;
  /** Message of the last failed call, shown in the status bar. */
  error: string | null;
  /** Bumped whenever the graph data is replaced; the graph itself lives outside the store. */
  graphVersion: number;
  nodeCount: number;
  edgeCount: number;
  /** Latest report of the evidence import that the first Start triggers. */
  importProgress: ImportProgress | null;
  /** Fetches app info and, when a snapshot is open, its graph; null on failure or no snapshot. */
  loadSession(): Promise<GraphView | null>;
  /** Call after the graph outside the store has been filled from `view`. */
  setGraphLoaded(view: GraphView): void;
  setDisconnected(): void;
  setImportProgress(progress: ImportProgress | null): void;
  /** Asks the backend to stop the evidence import in progress. */
  cancelImport(): Promise<void>;
  setError(error: unknown): void;
  clearError(): void;
}

export type InvestigationCommand = 'run' | 'pause' | 'step' | 'stepBack' | 'reset';

export interface InvestigationSlice {
  /** Evaluations the Start asks for; null: sized to the system by the engine. */
  budget: number | null;
  investigation: InvestigationState | null;
  /** The command in flight, so controls can show progress and avoid double submits. */
  pending: InvestigationCommand | null;
  setBudget(budget: number): void;
  setInvestigation(state: InvestigationState): void;
  runCommand(command: InvestigationCommand): Promise<void>;
  /** The rendered export, or null when it failed (the error is shown in the status bar). */
  exportReport(format: (typeof exportFormats)[number], graphPng?: string): Promise<ExportOutput | null>;
}

export type PolicyChoice = 'heuristic' | 'llm';

export interface SettingsSlice {
  policy: PolicyChoice;
  /** Where the llm policy sends requests; the key stays with the backend. */
  llm: LlmEndpoint;
  maxVisits: number;
  /** Independent runs that vote on the root (docs/voting.md); 1 runs once. */
  runs: number;
  /** The alert scopes' sliding window in seconds (docs/scopes.md); 120 by default, sent only when changed. */
  alertWindowSeconds: number;
  kFlips: number;
  /** The hypothesis layer (Graph of States) and its thresholds δ and η; on by default. */
  hypotheses: { isOn: boolean; delta: number; eta: number };
  /** The investigation window as typed (`YYYY-MM-DDTHH:MM[:SS]`, UTC); both empty = derived. */
  windowText: { start: string; end: string };
  /** Where a Start imports the evidence (docs/clickhouse.md); empty: a temporary SQLite file. */
  storeText: string;
  /** How times are written on screen (docs/ui.md): UTC by default; a preference, kept between sessions. */
  timeZone: TimeZoneChoice;
  setTimeZone(zone: TimeZoneChoice): void;
  /** The case library a Start names (docs/cases.md); a preference, kept between sessions. */
  cases: CasesPreference;
  setCases(value: Partial<CasesPreference>): void;
  /** The causal-graph layer: on by default, knowledge enforced, an optional knowledge file over the default. */
  causalGraph: { isOn: boolean; enforce: boolean; file: string };
  setCausalGraph(value: Partial<{ isOn: boolean; enforce: boolean; file: string }>): void;
  isOpening: boolean;
  setPolicy(policy: PolicyChoice): void;
  setLlm(llm: Partial<LlmEndpoint>): void;
  setMaxVisits(value: number): void;
  setRuns(value: number): void;
  setAlertWindowSeconds(value: number): void;
  setKFlips(value: number): void;
  setHypotheses(value: Partial<{ isOn: boolean; delta: number; eta: number }>): void;
  setWindowText(window: Partial<{ start: string; end: string }>): void;
  setStoreText(text: string): void;
  /** What a path holds (and a Nezha root's incidents); null when it cannot be opened. */
  probeSnapshot(path: string): Promise<SnapshotProbe | null>;
  /**
   * The host's native open dialog (the desktop app: `capabilities.choosePath`): the folder or file
   * picked, which the host may then open; null when cancelled or refused (the error is shown).
   */
  choosePath(kind: 'folder' | 'file'): Promise<string | null>;
  /**
   * Opens a snapshot bundle, ITBench-Lite scenario, Nezha incident (`choice.case`), capture
   * folder (with the incident time and window typed, if any) or saved ledger on the backend; the
   * graph reloads on snapshot.changed. Null when it failed (the error is shown in the status bar).
   */
  openSnapshot(path: string, choice?: OpenChoiceText): Promise<SnapshotSummary | null>;
  /**
   * Opens a past case of the case library in use as a read-only replay of its recording; the
   * graph reloads on snapshot.changed. Null when it failed (the error is shown in the status bar).
   */
  openCase(name: string): Promise<SnapshotSummary | null>;
  /**
   * Opens the snapshot a past case was investigated from (`cases.lesson`, as snapshot.open
   * opens it) and then the trainer, to start a lesson on it. Null when it failed (the error is
   * shown in the status bar, naming the case).
   */
  openCaseLesson(name: string): Promise<SnapshotSummary | null>;
}

/** What the open dialog adds to a path: a Nezha incident; a capture folder's times as typed. */
export interface OpenChoiceText extends Partial<CaptureTimesText> {
  case?: string;
}

export interface TimelineSlice {
  /** The ledger as loaded so far, in seq order; the head may be ahead of the viewed seq. */
  ledger: LedgerEvent[];
  /** Fetches the events after the last loaded one; clears on a new investigation. */
  syncLedger(state: InvestigationState | null): Promise<void>;
  /**
   * Fetches the investigation's state and its whole ledger again: the backend's run was swapped
   * behind the timeline (a lesson ran on the service and gave the analyst's back).
   */
  reloadInvestigation(): Promise<void>;
  /** Shows the state right after ledger event `seq`. */
  seek(seq: number): Promise<void>;
  /** Sets a node's label as the analyst; recorded as AnalystOverride. */
  overrideLabel(node: string, label: Label, note: string): Promise<boolean>;
  /** An analyst rejects or pins a hypothesis (a ledger event, like an override). */
  judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): Promise<boolean>;
}

export type RendererMode = 'detecting' | 'webgl' | 'list';
/** running: fetching and placing; refining: drawn, ForceAtlas2 still working in the worker. */
export type LayoutStatus = 'idle' | 'running' | 'refining' | 'done';

/** The side panel's tabs (docs/ui.md), in their order on screen. */
export type SideTab = 'diagnosis' | 'node' | 'hypotheses' | 'causal' | 'scopes' | 'settings';

export interface UiSlice {
  hoveredNode: string | null;
  selectedNode: string | null;
  /** An evidence item picked from the hypothesis panel, highlighted in the inspector's packet. */
  selectedEvidence: string | null;
  search: string;
  rendererMode: RendererMode;
  layout: LayoutStatus;
  /** Which graph the canvas shows: the operational graph, or the causal graph (docs/causal-graph.md). */
  graphView: 'operational' | 'causal';
  setGraphView(view: 'operational' | 'causal'): void;
  /** The tab the side panel shows; choosing a node opens Node. */
  sideTab: SideTab;
  setSideTab(tab: SideTab): void;
  /** The trainer (lesson panel) is shown instead of the workspace. */
  isTrainerOpen: boolean;
  setTrainerOpen(isOpen: boolean): void;
  /** The side panel's width in CSS pixels; a preference, kept between sessions. */
  sideWidth: number;
  setSideWidth(width: number): void;
  /** Shows `id` in the Node tab (the keys that walk the visited nodes use it). */
  selectNode(id: string): void;
  setHoveredNode(id: string | null): void;
  /**
   * Selects `id` and opens the Node tab; choosing the selected node again while the Node tab is
   * shown clears the selection (from another tab it brings the Node tab back).
   */
  toggleSelectedNode(id: string): void;
  clearSelection(): void;
  /** Shows `node` in the inspector (when given) with evidence `id` highlighted. */
  selectEvidence(node: string | null, id: string): void;
  setSearch(text: string): void;
  setRendererMode(mode: RendererMode): void;
  setLayout(status: LayoutStatus): void;
}

export type WorkbenchState = SessionSlice & InvestigationSlice & UiSlice & TimelineSlice & SettingsSlice;

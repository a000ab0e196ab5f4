import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { InvestigationSettings, InvestigationState, LlmEndpoint } from '../../../core/ipc/index.js';
import { parseExportFormat, renderExportFile, type ExportFile } from '../../../core/report/index.js';
import { NotAvailableError } from '../../../core/ipc/index.js';
import { createState, foldUpTo, type LedgerEvent } from '../../../core/ledger/index.js';
import type { Label } from '../../../core/model/index.js';
import type { Engine, EngineHandle } from './engine.js';
import { inspectDetails, type NodeDetails } from './inspect.js';
import { projectState } from './project.js';

export class InvestigationNotStartedError extends Error {
  override name = 'InvestigationNotStartedError';
  constructor() {
    super('No investigation is running: press Run or Step to start one.');
  }
}

export class InvestigationRunningError extends Error {
  override name = 'InvestigationRunningError';
  constructor(action: string) {
    super(`Cannot ${action} while the investigation is running: press Pause first.`);
  }
}

export class ReadOnlyInvestigationError extends Error {
  override name = 'ReadOnlyInvestigationError';
  constructor() {
    super('This investigation is a replay of a saved ledger and cannot change: open its snapshot to investigate and override.');
  }
}

export type ExportInputFormat = 'json' | 'markdown' | 'html' | 'gexf' | 'graphml';

export interface InvestigationSession {
  start(settings: InvestigationSettings, llm?: LlmEndpoint): Promise<InvestigationState>;
  step(): Promise<InvestigationState>;
  stepBack(): InvestigationState;
  /** Views the state right after ledger event `seq`; at or past the head goes live again. */
  seek(seq: number): InvestigationState;
  /** Belief history, packet and raw lines of a node at the viewed ledger position. */
  inspect(node: string): Promise<NodeDetails>;
  run(maxSteps?: number): InvestigationState;
  pause(): InvestigationState;
  reset(): InvestigationState;
  override(node: string, label: Label, note: string): InvestigationState;
  state(): InvestigationState;
  events(afterSeq: number, limit: number): { events: LedgerEvent[]; hasMore: boolean };
  diagnosis(): Diagnosis;
  exportFile(format: ExportInputFormat, graphPng?: string): ExportFile;
  /** Cancels the evidence import the Start in flight is waiting for; false when there is none. */
  cancelImport(): boolean;
  /** Resolves when the run loop in flight (if any) has stopped; for shutdown and tests. */
  settled(): Promise<void>;
  close(): void;
}

/** Seq of the last event before each evaluation (StepStarted events mark the boundaries). */
function boundaries(events: readonly LedgerEvent[]): number[] {
  return events.filter((e) => e.type === 'StepStarted').map((e) => e.seq - 1);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Drives one investigation for the UI: a background run loop that pushes the state after
 * every step, pause, single steps, and step back — a read-only view of an earlier ledger
 * prefix. The ledger itself is never rewound: stepping forward replays it, Run continues from
 * the head.
 */
export function createInvestigationSession(engine: Engine, onChange: (state: InvestigationState) => void): InvestigationSession {
  let handle: EngineHandle | null = null;
  let settings: InvestigationSettings | null = null;
  /** null = live head; otherwise the ledger seq the user has stepped back to. */
  let viewSeq: number | null = null;
  let runLoop: Promise<void> | null = null;
  let isPauseRequested = false;
  /** Why the last run stopped early; shown until the next run. */
  let lastError: string | null = null;

  const view = (): InvestigationState => {
    if (!handle) return projectState(createState(), settings, false, lastError);
    const state = viewSeq === null ? handle.state : foldUpTo(handle.events, viewSeq);
    return projectState(state, settings, runLoop !== null, lastError);
  };
  const requireHandle = (): EngineHandle => {
    if (!handle) throw new InvestigationNotStartedError();
    return handle;
  };
  const requireIdle = (action: string): void => {
    if (runLoop) throw new InvestigationRunningError(action);
  };
  const release = (): void => {
    isPauseRequested = true;
    runLoop = null;
    handle?.close?.();
    handle = null;
  };

  async function loop(h: EngineHandle, maxSteps: number): Promise<void> {
    for (let i = 0; i < maxSteps && !isPauseRequested && h.state.status !== 'finished'; i++) {
      await h.step();
      // A reset replaces the handle; the old loop then stops without reporting.
      if (handle === h) onChange(view());
    }
  }

  return {
    async start(next, llm) {
      requireIdle('start again');
      release();
      settings = next;
      viewSeq = null;
      lastError = null;
      handle = await engine.start(next, llm);
      // A replay starts before its first evaluation, so Step walks through the recording.
      if (handle.isReadOnly) viewSeq = boundaries(handle.events)[0] ?? null;
      return view();
    },
    async step() {
      const h = requireHandle();
      requireIdle('step');
      if (viewSeq !== null) {
        const next = boundaries(h.events).find((b) => b > (viewSeq as number));
        viewSeq = next === undefined ? null : next;
        return view();
      }
      // At the end of a replay there is nothing more to step through.
      if (h.isReadOnly) return view();
      await h.step();
      return view();
    },
    stepBack() {
      const h = requireHandle();
      requireIdle('step back');
      const current = viewSeq ?? h.state.seq;
      const earlier = boundaries(h.events).filter((b) => b < current);
      viewSeq = earlier.length > 0 ? (earlier[earlier.length - 1] as number) : current;
      return view();
    },
    seek(seq) {
      const h = requireHandle();
      requireIdle('move through the timeline');
      viewSeq = seq >= h.state.seq ? null : seq;
      return view();
    },
    async inspect(node) {
      if (!handle) return { history: [], packet: null, packetSeq: null, rawLines: [] };
      return inspectDetails(handle, node, viewSeq ?? handle.state.seq);
    },
    run(maxSteps = Number.POSITIVE_INFINITY) {
      const h = requireHandle();
      if (runLoop) return view();
      viewSeq = null;
      // A replay runs to the end of the recording at once: nothing is evaluated.
      if (h.isReadOnly) return view();
      lastError = null;
      isPauseRequested = false;
      const own: Promise<void> = loop(h, maxSteps)
        .catch((error: unknown) => {
          lastError = describe(error);
        })
        .finally(() => {
          if (runLoop !== own) return;
          runLoop = null;
          onChange(view());
        });
      runLoop = own;
      return view();
    },
    pause() {
      const h = requireHandle();
      isPauseRequested = true;
      // Records Paused in the ledger: now when idle, after the step in flight otherwise.
      h.pause();
      return view();
    },
    reset() {
      release();
      settings = null;
      viewSeq = null;
      lastError = null;
      return view();
    },
    override(node, label, note) {
      const h = requireHandle();
      requireIdle('override a label');
      if (h.isReadOnly) throw new ReadOnlyInvestigationError();
      viewSeq = null;
      h.applyOverride(node, label, note);
      return view();
    },
    state: view,
    events(afterSeq, limit) {
      const after = (handle?.events ?? []).filter((e) => e.seq > afterSeq);
      return { events: after.slice(0, limit), hasMore: after.length > limit };
    },
    diagnosis() {
      const h = requireHandle();
      if (!h.diagnosis) throw new NotAvailableError('diagnosis.get');
      return h.diagnosis();
    },
    exportFile(format, graphPng) {
      const h = requireHandle();
      if (!h.diagnosis) throw new NotAvailableError('export.render');
      return renderExportFile(parseExportFormat(format), h.diagnosis(), { state: h.state, ...(graphPng ? { graphPng } : {}) });
    },
    cancelImport: () => engine.cancelImport?.() ?? false,
    settled: () => runLoop ?? Promise.resolve(),
    close() {
      release();
      engine.close();
    },
  };
}

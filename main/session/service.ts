import type { InvestigationSettings, InvestigationState } from '../../core/ipc/index.js';
import { createState, foldUpTo, type LedgerEvent } from '../../core/ledger/index.js';
import { parseExportFormat, renderExportFile } from '../../core/report/index.js';
import type { PolicyHandle } from '../policies/create-policy.js';
import type { ProgressSink } from '../policies/llm/index.js';
import { InvestigationNotStartedError, InvestigationRunningError, ReadOnlyInvestigationError, RunAlreadyAsideError } from './errors.js';
import { buildEntityCharts, reportCharts, unavailableCharts } from './charts/index.js';
import { inspectDetails, lastPacket } from './inspect.js';
import { openRun } from './open-run.js';
import { projectState } from './project.js';
import type { InvestigationRun } from './run.js';
import type { InvestigationTarget, StartRequest } from './start-request.js';
import { createVoting } from './voting.js';
import { createCaseKeeping } from './case-keeping.js';

import type { AsideRun, InvestigationService, ServiceOptions } from './service-types.js';

export type { InvestigationTarget, StartRequest } from './start-request.js';
export type { ExportInputFormat, InvestigationService, ServiceOptions } from './service-types.js';

/** Seq of the last event before each evaluation (StepStarted events mark the boundaries). */
function boundaries(events: readonly LedgerEvent[]): number[] {
  return events.filter((e) => e.type === 'StepStarted').map((e) => e.seq - 1);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function createInvestigationService(target: InvestigationTarget, options: ServiceOptions = {}): InvestigationService {
  const onChange = options.onChange ?? (() => undefined);
  let handle: InvestigationRun | null = null;
  let ownedPolicy: PolicyHandle | null = null;
  let settings: InvestigationSettings | null = null;
  /** null = live head; otherwise the ledger seq the user has stepped back to. */
  let viewSeq: number | null = null;
  let runLoop: Promise<void> | null = null;
  let abortRun: AbortController | null = null;
  /** Stops a bounded run after its step in flight (an unbounded one is paused by the controller). */
  let isPauseRequested = false;
  /** Why the last run stopped early; shown until the next run. */
  let lastError: string | null = null;
  let request: StartRequest | null = null;
  const env = options.env ?? process.env;
  let voting = createVoting(target, env);
  const cases = createCaseKeeping(options.cases ?? null);
  /** Records a finished live run in the case library (docs/cases.md); a failure is the run's error, nothing is lost. */
  const keepCase = async (h: InvestigationRun): Promise<void> => {
    try {
      await cases.keep(h, () => voting.diagnosis(h, request?.ledgerFile ?? null));
    } catch (error) {
      lastError = `case library: ${describe(error)}`;
    }
  };
  /** The run a lesson set aside, to be brought back exactly as it was (docs/trainer.md). */
  let aside: AsideRun | null = null;
  /** The Start in flight (the evidence import, opening the run): setAside waits for its run. */
  let starting: Promise<unknown> | null = null;

  /** Model requests in flight (the LLM policy's progress), oldest first: the UI says it is waiting. */
  const inFlight: string[] = [];
  const waiting = () => ({ inFlight: inFlight.length, waitingFor: inFlight[0] ?? null });
  const view = (): InvestigationState => {
    if (!handle) return projectState(createState(), settings, false, lastError);
    const state = viewSeq === null ? handle.state : foldUpTo(handle.events, viewSeq);
    return projectState(state, settings, runLoop !== null, lastError, waiting());
  };
  const progress: ProgressSink = ({ phase, node, state }) => {
    const label = node ? `${phase} ${node}` : phase;
    if (state === 'sent') inFlight.push(label);
    else if (inFlight.includes(label)) inFlight.splice(inFlight.indexOf(label), 1);
    if (handle !== null) onChange(view());
  };
  const requireHandle = (): InvestigationRun => {
    if (!handle) throw new InvestigationNotStartedError();
    return handle;
  };
  const requireIdle = (action: string): void => {
    if (runLoop) throw new InvestigationRunningError(action);
  };
  const release = (): void => {
    // Like a kill: the step in flight is not written; a ledger file resumes where it stopped.
    abortRun?.abort();
    abortRun = null;
    runLoop = null;
    handle?.close();
    handle = null;
    ownedPolicy?.close();
    ownedPolicy = null;
  };
  /** What the service knows of the run besides the run itself. */
  const forget = (): void => {
    request = null;
    settings = null;
    viewSeq = null;
    lastError = null;
  };

  /** The run loop; its error becomes `lastError` (the app) or is rethrown (`runToEnd`). */
  const startLoop = (h: InvestigationRun, maxSteps: number, isErrorKept: boolean): Promise<void> => {
    const controller = new AbortController();
    abortRun = controller;
    const stopAfter = h.state.evaluations + maxSteps;
    isPauseRequested = false;
    const own: Promise<void> = (async () => {
      try {
        if (!Number.isFinite(maxSteps)) await h.run(controller.signal);
        // A bounded run steps one evaluation at a time, so it stops exactly at `maxSteps`.
        else
          while (!controller.signal.aborted && !isPauseRequested && h.state.status !== 'finished' && h.state.evaluations < stopAfter)
            await h.step();
        await voting.finish(h, request, controller.signal);
        await keepCase(h);
      } catch (error) {
        if (!isErrorKept) throw error;
        lastError = describe(error);
      }
    })().finally(() => {
      if (runLoop !== own) return;
      runLoop = null;
      abortRun = null;
      onChange(view());
    });
    runLoop = own;
    return own;
  };

  return {
    async start(started) {
      requireIdle('start again');
      release();
      request = started;
      voting.reset();
      settings = target.kind === 'replay' ? target.replay.settings : started.settings;
      viewSeq = null;
      lastError = null;
      const opening = openRun(
        target,
        started,
        env,
        (run) => {
          // Progress is pushed while a run loop is in flight; single steps answer with their state.
          if (runLoop !== null && handle === run) onChange(view());
        },
        progress,
        async () => {
          await cases.open(target);
          return cases.prior();
        },
      );
      starting = opening;
      try {
        const opened = await opening;
        handle = opened.run;
        ownedPolicy = opened.ownedPolicy;
      } catch (error) {
        release();
        throw error;
      } finally {
        if (starting === opening) starting = null;
      }
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
      await voting.finish(h, request, new AbortController().signal);
      await keepCase(h);
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
      if (!handle) return { history: [], packet: null, packetSeq: null, rawLines: [], code: null };
      return inspectDetails(handle, node, viewSeq ?? handle.state.seq);
    },
    async charts(node, width) {
      if (target.kind !== 'snapshot') return unavailableCharts(node, 'a replayed ledger has no evidence store to draw from');
      const store = await target.source.store();
      const packet = handle ? (lastPacket(handle, node, viewSeq ?? handle.state.seq)?.packet ?? null) : null;
      return buildEntityCharts(store, node, packet, width);
    },
    run(maxSteps = Number.POSITIVE_INFINITY) {
      const h = requireHandle();
      if (runLoop) return view();
      viewSeq = null;
      // A replay runs to the end of the recording at once: nothing is evaluated.
      if (h.isReadOnly) return view();
      lastError = null;
      void startLoop(h, maxSteps, true);
      return view();
    },
    async runToEnd(signal) {
      const h = requireHandle();
      requireIdle('run again');
      viewSeq = null;
      if (h.isReadOnly) return view();
      lastError = null;
      const loop = startLoop(h, Number.POSITIVE_INFINITY, false);
      const stop = (): void => abortRun?.abort();
      signal?.addEventListener('abort', stop, { once: true });
      try {
        await loop;
      } finally {
        signal?.removeEventListener('abort', stop);
      }
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
      voting.reset();
      cases.reset();
      forget();
      return view();
    },
    override(node, label, note) {
      const h = requireHandle();
      requireIdle('override a label');
      if (h.isReadOnly) throw new ReadOnlyInvestigationError();
      viewSeq = null;
      h.override(node, label, note);
      void keepCase(h);
      return view();
    },
    judgeHypothesis(id, action, note) {
      const h = requireHandle();
      requireIdle('judge a hypothesis');
      if (h.isReadOnly) throw new ReadOnlyInvestigationError();
      viewSeq = null;
      h.judgeHypothesis(id, action, note);
      void keepCase(h);
      return view();
    },
    async setAside() {
      if (aside) throw new RunAlreadyAsideError();
      while (starting) await starting.catch(() => undefined);
      if (runLoop && handle) {
        // Stopped as Pause stops it (after the step in flight, Paused recorded), so it comes back where it stopped.
        isPauseRequested = true;
        handle.pause();
        await runLoop.catch(() => undefined);
      }
      if (!handle) return false;
      aside = { handle, ownedPolicy, settings, viewSeq, lastError, request, voting };
      // Emptied as reset() would, but nothing is closed: the run is kept as it is.
      handle = null;
      ownedPolicy = null;
      voting = createVoting(target, env);
      forget();
      return true;
    },
    restoreAside() {
      if (!aside) return false;
      release();
      ({ handle, ownedPolicy, settings, viewSeq, lastError, request, voting } = aside);
      aside = null;
      return true;
    },
    state: view,
    events(afterSeq, limit) {
      const after = (handle?.events ?? []).filter((e) => e.seq > afterSeq);
      return { events: after.slice(0, limit), hasMore: after.length > limit };
    },
    diagnosis: async () => cases.attach(await voting.diagnosis(requireHandle(), request?.ledgerFile ?? null)),
    runDiagnoses: () => voting.runs(requireHandle()),
    async exportFile(format, graphPng) {
      const h = requireHandle();
      const diagnosis = cases.attach(await voting.diagnosis(h, request?.ledgerFile ?? null));
      const parsed = parseExportFormat(format);
      const charts = parsed === 'html' && target.kind === 'snapshot' ? reportCharts(await target.source.store(), h) : [];
      return renderExportFile(parsed, diagnosis, {
        state: h.state,
        ...(graphPng ? { graphPng } : {}),
        ...(charts.length > 0 ? { charts } : {}),
      });
    },
    cancelImport: () => (target.kind === 'snapshot' ? target.source.cancelImport() : false),
    settled: () => (runLoop ?? Promise.resolve()).catch(() => undefined),
    keepLessonOutcome(outcome) {
      try {
        cases.keepLesson(outcome);
      } catch (error) {
        lastError = `case library: ${describe(error)}`;
      }
    },
    close() {
      release();
      aside?.handle.close();
      aside?.ownedPolicy?.close();
      aside = null;
      if (target.kind === 'snapshot') target.source.close();
    },
  };
}

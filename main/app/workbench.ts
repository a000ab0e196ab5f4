import path from 'node:path';
import type { EmitEvent, Handlers, ImportProgress, InvestigationState } from '../../core/ipc/index.js';
import { NotAvailableError } from '../../core/ipc/index.js';
import { defaultCasesFile } from '../cases/index.js';
import { defaultDataDir } from '../platform/index.js';
import { parseStoreSpec, type StoreSpec } from '../store/index.js';
import { createInvestigationService, openLedgerReplay, openSnapshotSource, type InvestigationService } from '../session/index.js';
import { AllowedRoots, specPath } from './allowed-roots.js';
import { loadSnapshotBundle, type LoadedSnapshot } from './bundle.js';
import {
  CaseNotFoundError,
  caseSnapshotPath,
  CaseWithoutRecordingError,
  createCaseLibraries,
  NoCaseLibraryError,
  writeCaseLedger,
} from './case-library.js';
import { buildGraphView, inspectNode } from './graph.js';
import { importStoreCancellable } from './import/index.js';
import { investigationHandlers } from './investigation-handlers.js';
import { hideWhileLesson } from './lesson-gate.js';
import { createLessonHosting } from './lesson-handlers.js';
import { openStoreSnapshot, type OpenedStore } from './open-store.js';
import { replaySnapshot } from './replay-snapshot.js';
import { checkCaptureTimesApply, probeSnapshot, resolveSnapshotDir, type OpenChoice, type ResolvedSnapshot } from './resolve-snapshot.js';
import type { EventListener, Workbench, WorkbenchOptions } from './workbench-types.js';

export class NoSnapshotOpenError extends Error {
  override name = 'NoSnapshotOpenError';
  constructor() {
    super('No snapshot is open: open a snapshot bundle first.');
  }
}

export type { EventListener, InvestigationHosting, Workbench, WorkbenchOptions } from './workbench-types.js';

/**
 * The backend behind the contract. `app.info.capabilities` tells the UI which channels have
 * an implementation, which is what it enables its controls from.
 */
export function createWorkbench(options: WorkbenchOptions): Workbench {
  const listeners = new Set<EventListener>();
  const emit: EmitEvent = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  // While a trainee is in a lesson, no state with the engine's labels leaves the backend.
  const emitChanged = (state: InvestigationState): void => {
    if (!lessons.isHiding()) emit('investigation.changed', state);
  };
  let snapshot: LoadedSnapshot | null = null;
  let session: InvestigationService | null = null;
  const hosting = options.investigations ?? null;
  const env = hosting?.env ?? process.env;
  const roots = new AllowedRoots([
    defaultDataDir(env),
    options.snapshot ? specPath(options.snapshot) : null,
    options.casesFile,
    options.lessonsFile,
    ...(options.roots ?? []),
  ]);
  const libraries = createCaseLibraries(options.casesFile === null ? null : (options.casesFile ?? defaultCasesFile(env)));
  const serviceOptions = { onChange: emitChanged, env: hosting?.env, cases: () => libraries.current() };
  let converted: ResolvedSnapshot | null = null;
  const onProgress = (progress: ImportProgress): void => emit('import.progress', progress);

  let isReplay = false;
  /** The past case a replay shows, when it is one. */
  let replayOfCase: { name: string; hasSnapshot: boolean } | null = null;
  /** The open store snapshot's chdb spec and times: chdb keeps one data directory per process. */
  let openChdb: { input: string; choice: OpenChoice } | null = null;
  /** The store the last Start named (the app's settings); read when the import begins. */
  let chosenStore: StoreSpec | null = null;
  const lessons = createLessonHosting({
    service: () => session,
    snapshot: () => snapshot,
    isReplay: () => isReplay,
    ...(options.lessonsFile ? { lessonsFile: options.lessonsFile } : {}),
    onReveal: () => {
      if (session) emitChanged(session.state());
    },
  });

  /** `origin`: where a converted bundle came from, for the case library (SnapshotSourceOptions). */
  const open = (dir: string, origin?: string | null): LoadedSnapshot => {
    const loaded = loadSnapshotBundle(dir);
    lessons.leave();
    session?.close();
    snapshot = loaded;
    isReplay = false;
    openChdb = null;
    // The evidence import waits for the first Start: looking at the graph stays instant.
    session = hosting
      ? createInvestigationService(
          {
            kind: 'snapshot',
            source: openSnapshotSource(loaded.root, {
              onProgress,
              importer: importStoreCancellable,
              store: () => chosenStore ?? hosting.store?.() ?? null,
              env: hosting.env,
              ...(origin === undefined ? {} : { origin }),
            }),
          },
          serviceOptions,
        )
      : null;
    return loaded;
  };
  /** A saved ledger, replayed read-only; its session starts at once, before the first evaluation. */
  const openReplay = async (file: string, name?: string, pastCase: typeof replayOfCase = null): Promise<LoadedSnapshot> => {
    const replay = openLedgerReplay(file);
    const next = createInvestigationService({ kind: 'replay', replay }, serviceOptions);
    const state = await next.start({ settings: replay.settings });
    lessons.leave();
    session?.close();
    converted?.release();
    converted = null;
    const replayed = replaySnapshot(replay, name);
    snapshot = replayed;
    session = next;
    isReplay = true;
    replayOfCase = pastCase;
    openChdb = null;
    emitChanged(state);
    return replayed;
  };
  /**
   * A past case of the library in use, replayed read-only from its recording (docs/cases.md §1):
   * written as a ledger file and opened as a saved ledger is, so the replay is the one road.
   */
  const openCase = async (name: string): Promise<LoadedSnapshot> => {
    const library = libraries.current();
    if (!library) throw new NoCaseLibraryError();
    if (!library.get(name)) throw new CaseNotFoundError(name, library.file);
    const recording = library.recording(name);
    if (!recording || recording.events.length === 0) throw new CaseWithoutRecordingError(name);
    const ledger = writeCaseLedger(recording);
    try {
      // The replay reads the ledger once, as it opens: nothing is left behind.
      return await openReplay(ledger.file, `Past case ${name}`, { name, hasSnapshot: !!library.get(name)?.snapshot });
    } finally {
      ledger.release();
    }
  };
  /**
   * An evidence store, opened now (its manifest, topology and alerts are the graph); the
   * investigation service reads the same source, so Start imports nothing.
   */
  const openStore = async (input: string, choice: OpenChoice): Promise<LoadedSnapshot> => {
    const previous = openChdb;
    const isOtherChdb = input.startsWith('chdb:') && previous !== null && previous.input !== input;
    if (isOtherChdb) {
      lessons.leave();
      session?.close();
      session = null;
    }
    let opened: OpenedStore;
    try {
      opened = await openStoreSnapshot(input, choice, {
        onProgress,
        env: hosting?.env,
        passwordEnv: hosting?.storePasswordEnv ?? null,
      });
    } catch (error) {
      // The database shown before is opened again, so its graph and investigation stay usable.
      if (isOtherChdb) await openStore(previous.input, previous.choice).catch(() => undefined);
      throw error;
    }
    lessons.leave();
    session?.close();
    converted?.release();
    converted = null;
    snapshot = opened.loaded;
    isReplay = false;
    openChdb = input.startsWith('chdb:') ? { input, choice } : null;
    if (hosting) session = createInvestigationService({ kind: 'snapshot', source: opened.source }, serviceOptions);
    else {
      opened.source.close();
      session = null;
    }
    return opened.loaded;
  };
  /** Any supported format; a converted copy lives until the next open or close. */
  const openAny = async (input: string, choice: OpenChoice): Promise<LoadedSnapshot> => {
    const { format } = probeSnapshot(input);
    checkCaptureTimesApply(input, format, choice);
    if (format === 'ledger') return openReplay(input);
    if (format === 'store' || format === 'clickhouse') return openStore(input, choice);
    const resolved = await resolveSnapshotDir(input, onProgress, choice);
    // A converted copy is opened again from what it was converted from, when the path alone makes it again.
    const isPathEnough = choice.case === undefined && choice.incidentTime === undefined && choice.window === undefined;
    const origin = format === 'native' ? undefined : isPathEnough ? path.resolve(input) : null;
    try {
      const loaded = open(resolved.dir, origin);
      converted?.release();
      converted = resolved;
      return loaded;
    } catch (error) {
      resolved.release();
      throw error;
    }
  };
  if (options.snapshot) open(options.snapshot);

  const requireSnapshot = (): LoadedSnapshot => {
    if (!snapshot) throw new NoSnapshotOpenError();
    return snapshot;
  };

  const handlers: Handlers = {
    'app.info': async () => ({
      name: 'EoG Workbench',
      version: options.version,
      host: options.host,
      capabilities: {
        investigation: isReplay || !!hosting,
        overrides: !isReplay && !!hosting,
        export: isReplay || !!hosting,
        openSnapshot: true,
        cancelImport: !isReplay && !!hosting,
        choosePath: !!options.choosePath,
      },
      snapshot: snapshot?.summary ?? null,
      isReplay,
      replayOfCase: isReplay ? replayOfCase : null,
    }),
    'snapshot.probe': async ({ path }) => {
      roots.checkSpec(path);
      return probeSnapshot(path);
    },
    'snapshot.current': async () => snapshot?.summary ?? null,
    'snapshot.open': async ({ path: input, ...choice }) => {
      roots.checkSpec(input);
      const loaded = await openAny(input, choice);
      emit('snapshot.changed', loaded.summary);
      return loaded.summary;
    },
    'snapshot.choose': async ({ kind }) => {
      if (!options.choosePath) throw new NotAvailableError('snapshot.choose');
      const chosen = await options.choosePath(kind);
      if (chosen !== null) roots.add(chosen);
      return { path: chosen };
    },
    'import.cancel': async () => ({ isCancelled: session?.cancelImport() ?? false }),
    'graph.get': async () => buildGraphView(requireSnapshot(), lessons.isHiding() ? null : (session?.state() ?? null)),
    'node.inspect': async ({ node }) => {
      // In a lesson the inspector shows the topology only: beliefs and packets stay in the backend.
      if (lessons.isHiding()) return inspectNode(requireSnapshot(), node, null);
      const base = inspectNode(requireSnapshot(), node, session?.state() ?? null);
      return session ? { ...base, ...(await session.inspect(node)) } : base;
    },
    'evidence.charts': async ({ node, width }) => {
      requireSnapshot();
      if (!session) throw new NotAvailableError('evidence.charts');
      const charts = await session.charts(node, width);
      if (!lessons.isHiding()) return charts;
      const shown = lessons.revealed(node);
      return { ...charts, citations: charts.citations.filter((c) => shown.has(c.evidenceId)) };
    },
    ...hideWhileLesson(
      investigationHandlers(
        () => session,
        emitChanged,
        hosting?.apiKeyEnv ?? null,
        ({ store, cases, settings }) => {
          // Before anything is created or read: a refused Start changes nothing.
          if (store) roots.checkSpec(store);
          if (cases?.file) roots.check(cases.file);
          for (const file of settings.causalGraph.files) roots.check(file);
          chosenStore = store ? parseStoreSpec(store, hosting?.storePasswordEnv ?? null) : null;
          libraries.choose(cases);
        },
      ),
      lessons.isHiding,
    ),
    ...lessons.handlers,
    'cases.info': async () => libraries.info(),
    'cases.open': async ({ case: name }) => {
      const loaded = await openCase(name);
      emit('snapshot.changed', loaded.summary);
      return loaded.summary;
    },
    // A lesson on a past case is one on its snapshot, opened as snapshot.open opens it (docs/cases.md §1).
    'cases.lesson': async ({ case: name }) => {
      const library = libraries.current();
      if (!library) throw new NoCaseLibraryError();
      return handlers['snapshot.open']({ path: caseSnapshotPath(library, name, (p) => roots.checkSpec(p)) });
    },
  };

  return {
    handlers,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => snapshot,
    settled: () => session?.settled() ?? Promise.resolve(),
    close() {
      lessons.close();
      session?.close();
      session = null;
      libraries.close();
      openChdb = null;
      converted?.release();
      converted = null;
    },
  };
}

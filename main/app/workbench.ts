import type { EmitEvent, EventName, EventPayload, Handlers, ImportProgress, InvestigationState } from '../../core/ipc/index.js';
import { loadSnapshotBundle, type LoadedSnapshot } from './bundle.js';
import { buildGraphView, inspectNode } from './graph.js';
import { createInvestigationSession, investigationHandlers, type Engine, type InvestigationSession } from './investigation/index.js';
import { loadLedgerReplay } from './replay.js';
import { probeSnapshot, resolveSnapshotDir, type ResolvedSnapshot } from './resolve-snapshot.js';

export class NoSnapshotOpenError extends Error {
  override name = 'NoSnapshotOpenError';
  constructor() {
    super('No snapshot is open: open a snapshot bundle first.');
  }
}

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * Builds the investigation engine for an opened snapshot; it should defer heavy work (the
 * evidence import) to the first start and report it through `onProgress`.
 */
export type EngineProvider = (snapshot: LoadedSnapshot, onProgress: (progress: ImportProgress) => void) => Engine;

export interface Workbench {
  /** Implements every channel of the contract; transports wrap these with `dispatch`. */
  handlers: Handlers;
  /** Registers a listener for server-pushed events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  current(): LoadedSnapshot | null;
  /** Resolves once no investigation run is in flight. */
  settled(): Promise<void>;
  /** Stops any run and releases the engine (evidence store, temporary files). */
  close(): void;
}

export interface WorkbenchOptions {
  /** Snapshot bundle folder to open at start; loading errors are thrown from createWorkbench. */
  snapshot?: string | null;
  host: 'electron' | 'web';
  /** Shown in app.info. */
  version: string;
  /** Without an engine the investigation channels answer NotAvailableError. */
  engine?: EngineProvider;
}

/**
 * The backend behind the contract. `app.info.capabilities` tells the UI which channels have
 * an implementation, which is what it enables its controls from.
 */
export function createWorkbench(options: WorkbenchOptions): Workbench {
  const listeners = new Set<EventListener>();
  const emit: EmitEvent = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  const emitChanged = (state: InvestigationState): void => emit('investigation.changed', state);
  let snapshot: LoadedSnapshot | null = null;
  let session: InvestigationSession | null = null;
  let converted: ResolvedSnapshot | null = null;
  const onProgress = (progress: ImportProgress): void => emit('import.progress', progress);

  let isReplay = false;

  const open = (dir: string): LoadedSnapshot => {
    const loaded = loadSnapshotBundle(dir);
    session?.close();
    snapshot = loaded;
    isReplay = false;
    session = options.engine ? createInvestigationSession(options.engine(loaded, onProgress), emitChanged) : null;
    return loaded;
  };
  /** A saved ledger, replayed read-only; its session starts at once, before the first evaluation. */
  const openReplay = async (file: string): Promise<LoadedSnapshot> => {
    const replay = loadLedgerReplay(file);
    const next = createInvestigationSession(replay.engine, emitChanged);
    const state = await next.start(replay.settings);
    session?.close();
    converted?.release();
    converted = null;
    snapshot = replay.snapshot;
    session = next;
    isReplay = true;
    emitChanged(state);
    return replay.snapshot;
  };
  /** Any supported format; a converted copy lives until the next open or close. */
  const openAny = async (input: string, nezhaCase?: string): Promise<LoadedSnapshot> => {
    if (probeSnapshot(input).format === 'ledger') return openReplay(input);
    const resolved = await resolveSnapshotDir(input, onProgress, nezhaCase);
    try {
      const loaded = open(resolved.dir);
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
        investigation: isReplay || !!options.engine,
        overrides: !isReplay && !!options.engine,
        export: isReplay || !!options.engine,
        openSnapshot: true,
        cancelImport: !isReplay && !!options.engine,
      },
      snapshot: snapshot?.summary ?? null,
      isReplay,
    }),
    'snapshot.probe': async ({ path }) => probeSnapshot(path),
    'snapshot.current': async () => snapshot?.summary ?? null,
    'snapshot.open': async ({ path, case: nezhaCase }) => {
      const loaded = await openAny(path, nezhaCase);
      emit('snapshot.changed', loaded.summary);
      return loaded.summary;
    },
    'import.cancel': async () => ({ isCancelled: session?.cancelImport() ?? false }),
    'graph.get': async () => buildGraphView(requireSnapshot(), session?.state() ?? null),
    'node.inspect': async ({ node }) => {
      const base = inspectNode(requireSnapshot(), node, session?.state() ?? null);
      return session ? { ...base, ...(await session.inspect(node)) } : base;
    },
    ...investigationHandlers(() => session, emitChanged),
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
      session?.close();
      session = null;
      converted?.release();
      converted = null;
    },
  };
}

import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportProgress } from '../../core/ipc/index.js';
import { formatImportWarning, SnapshotNotFoundError, type ImportWarning } from '../snapshot/index.js';
import { ImportCancelledError } from './errors.js';
import {
  EvidenceStore,
  importBundle,
  importToStore,
  isClickHouseSpec,
  openEvidenceStore,
  parseStoreSpec,
  SqliteEvidenceStore,
  type ImportProgress as StoreImportProgress,
  type ImportSummary,
  type ChosenWindow,
  type StoreSpec,
  WindowFixedAtImportError,
} from '../store/index.js';

/** Imports a bundle into `storeFile`, all or nothing; an abort stops it and leaves nothing. */
export type StoreImporter = (
  bundleDir: string,
  storeFile: string,
  options: { signal: AbortSignal; onProgress: (progress: StoreImportProgress) => void },
) => Promise<ImportSummary>;

export interface SnapshotSourceOptions {
  /** Import progress, as the app shows it. */
  onProgress?: (progress: ImportProgress) => void;
  /** How a bundle is imported (the app runs it in a worker thread); default: in this process. */
  importer?: StoreImporter;
  /**
   * Import a bundle into this store (kept after close) instead of a private temporary SQLite
   * file: `--store` on investigate, bench and serve, and the app's store setting.
   */
  store?: StoreSpec | null | (() => StoreSpec | null);
  /** Where a server store's password is read from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * The variable holding the password of a `clickhouse://` snapshot (the host's
   * `--store-password-env`); default: the one the store option names.
   */
  passwordEnv?: string | null;
  /** Places the window of a ClickHouse database the OpenTelemetry Collector wrote. */
  window?: ChosenWindow;
  /**
   * Where the snapshot was opened from when the input is not it: a bundle converted into a
   * temporary folder names what it was converted from, or null when opening that path alone
   * would not make the same bundle (a Nezha incident, a capture with chosen times).
   */
  origin?: string | null;
}

/** What an investigation reads its evidence from. */
export interface SnapshotSource {
  /**
   * The evidence store. A bundle is imported into a private temporary store on first use (not
   * at open: looking at the graph stays instant); a failed or cancelled import is retried on
   * the next call.
   */
  store(): Promise<EvidenceStore>;
  /** Stops the import a `store()` waits for; false when none is running. */
  cancelImport(): boolean;
  /** Closes the store and removes one imported for this source. */
  close(): void;
  /** The bundle folder, when the source is one (its code.json feeds the code layer); null for a store file. */
  bundleDir?: string | null;
  /**
   * Where the snapshot can be opened again from, as the case library keeps it (docs/cases.md §1):
   * the absolute path of the bundle folder or store file; null for a server or chdb database.
   */
  origin?: string | null;
}

const importInProcess: StoreImporter = (bundleDir, storeFile, { signal, onProgress }) =>
  importBundle(bundleDir, storeFile, {
    onProgress: (progress) => {
      if (signal.aborted) throw new ImportCancelledError();
      onProgress(progress);
    },
  });

/** The finished import's progress report, with its warnings as the status bar lists them. */
function importDone(rows: number, started: number, warnings: readonly ImportWarning[]): ImportProgress {
  return { phase: 'done', file: null, rows, elapsedMs: Date.now() - started, error: null, warnings: warnings.map(formatImportWarning) };
}

/**
 * Opens what the user pointed at: an evidence store file as is, or a native bundle folder
 * imported on first use. Anything else is a SnapshotNotFoundError.
 */
export function openSnapshotSource(input: string, options: SnapshotSourceOptions = {}): SnapshotSource {
  const origin = (local: string): string | null => (options.origin === undefined ? path.resolve(local) : options.origin);
  if (isClickHouseSpec(input) || input.startsWith('sqlite:')) {
    const spec = parseStoreSpec(input, storePasswordEnv(options));
    return { ...openedSource(spec, options), origin: spec.kind === 'sqlite' ? origin(spec.file) : null };
  }
  const stat = existsSync(input) ? statSync(input) : null;
  if (stat?.isFile()) {
    // An imported store's window was fixed at import, as openEvidenceStore refuses for sqlite:PATH.
    if (options.window) throw new WindowFixedAtImportError(input);
    const started = Date.now();
    const store = SqliteEvidenceStore.open(input);
    // A store imported with its signals left pending derives them now: its first reader hears what the import would have said.
    if (store.derivedWarnings.length > 0) options.onProgress?.(importDone(0, started, store.derivedWarnings));
    return { store: () => Promise.resolve(store), cancelImport: () => false, close: () => store.close(), origin: origin(input) };
  }
  if (!stat?.isDirectory() || !existsSync(path.join(input, 'snapshot.json'))) throw new SnapshotNotFoundError(input);
  return { ...importedSource(input, options), bundleDir: input, origin: origin(input) };
}

function storePasswordEnv(options: SnapshotSourceOptions): string | null {
  if (options.passwordEnv !== undefined) return options.passwordEnv;
  const store = chosenStore(options);
  return store?.kind === 'clickhouse' ? store.passwordEnv : null;
}

/** The store option as it stands now (a getter is read when the import begins). */
function chosenStore(options: SnapshotSourceOptions): StoreSpec | null {
  return typeof options.store === 'function' ? options.store() : (options.store ?? null);
}

/** A store that already holds an imported snapshot, opened on first use. */
function openedSource(spec: StoreSpec, options: SnapshotSourceOptions): SnapshotSource {
  let opened: Promise<EvidenceStore> | null = null;
  return {
    store: () =>
      (opened ??= (async () => {
        const started = Date.now();
        const store = await openEvidenceStore(spec, { env: options.env, ...(options.window ? { window: options.window } : {}) });
        // A ClickHouse store imported with its signals left pending derives them now (as an evidence store file does above).
        if (store.derivedWarnings.length > 0) options.onProgress?.(importDone(0, started, store.derivedWarnings));
        return store;
      })()),
    cancelImport: () => false,
    close: () =>
      void opened?.then(
        (s) => s.close(),
        () => undefined,
      ),
  };
}

/** Imports into the store a spec names; the scratch file the caller offers is not used. */
function importerInto(spec: StoreSpec, env: NodeJS.ProcessEnv | undefined): StoreImporter {
  return (bundleDir, _scratch, { signal, onProgress }) =>
    importToStore(bundleDir, spec, {
      env,
      // Records only, as `eog import` does: the store's first reader, right after, derives the signals.
      signals: 'defer',
      onProgress: (progress) => {
        if (signal.aborted) throw new ImportCancelledError();
        onProgress(progress);
      },
    });
}

interface Imported {
  store: EvidenceStore;
  close(): void;
}

function importedSource(bundleDir: string, options: SnapshotSourceOptions): SnapshotSource {
  const onProgress = options.onProgress ?? (() => undefined);
  let opened: Promise<Imported> | null = null;
  let importing: AbortController | null = null;
  let isClosed = false;

  const importStore = async (): Promise<Imported> => {
    const started = Date.now();
    const controller = new AbortController();
    importing = controller;
    const dir = mkdtempSync(path.join(tmpdir(), 'eog-store-'));
    // A chosen store (--store, the app's setting) is kept; else a private temporary SQLite file.
    const spec = chosenStore(options);
    const importer = spec ? importerInto(spec, options.env) : (options.importer ?? importInProcess);
    try {
      const summary = await importer(bundleDir, path.join(dir, 'store.sqlite'), {
        signal: controller.signal,
        onProgress: (p) => onProgress({ phase: p.phase, file: p.file, rows: p.rows, elapsedMs: p.elapsedMs, error: null }),
      });
      const store = spec ? await openEvidenceStore(spec, { env: options.env }) : EvidenceStore.open(summary.store);
      // A ClickHouse import writes records only; opening the store derived the signals and says what the import would have.
      onProgress(importDone(summary.totalRows, started, [...summary.warnings, ...store.derivedWarnings]));
      return {
        store,
        close: () => {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      opened = null;
      const elapsedMs = Date.now() - started;
      if (controller.signal.aborted) onProgress({ phase: 'cancelled', file: null, rows: 0, elapsedMs, error: null });
      else onProgress({ phase: 'failed', file: null, rows: 0, elapsedMs, error: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      if (importing === controller) importing = null;
    }
  };

  return {
    async store() {
      opened ??= importStore();
      return (await opened).store;
    },
    cancelImport() {
      if (!importing) return false;
      importing.abort();
      return true;
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      importing?.abort();
      void opened?.then(
        (o) => o.close(),
        () => undefined,
      );
    },
  };
}

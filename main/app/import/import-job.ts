import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { importBundle, type ImportProgress, type ImportSummary } from '../../store/index.js';
import { ImportCancelledError } from '../../session/errors.js';
import type { ImportJobInput, ImportJobMessage } from './protocol.js';

export { ImportCancelledError };

export interface ImportJobOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Aborting stops the import; any store already at the destination is left as it was. */
  signal?: AbortSignal;
  /** `auto`: a worker thread when its script is there (it is when running from source). */
  mode?: 'auto' | 'in-process';
}

const PROGRESS_INTERVAL_MS = 100;

/**
 * The worker script next to this module, or null where there is none: in the CLI bundle
 * (dist/main has only the store's parse worker) and in the CJS Electron bundle (no import.meta).
 */
function workerScript(): { url: URL; isSource: boolean } | null {
  const here: string | undefined = import.meta.url;
  if (typeof here !== 'string') return null;
  const isSource = here.endsWith('.ts');
  const url = new URL(isSource ? './import-job-worker.ts' : './import-job-worker.js', here);
  return existsSync(fileURLToPath(url)) ? { url, isSource } : null;
}

/** From source the worker registers tsx itself (Node 20 applies `--import` hooks too late for workers). */
function startWorker(script: { url: URL; isSource: boolean }, input: ImportJobInput): Worker {
  if (!script.isSource) return new Worker(script.url, { workerData: input });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(script.url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}

/** Terminating the thread stops the import wherever it is, even inside the signal phase. */
function importInWorker(script: { url: URL; isSource: boolean }, input: ImportJobInput, options: ImportJobOptions): Promise<ImportSummary> {
  const worker = startWorker(script, input);
  return new Promise<ImportSummary>((resolvePromise, reject) => {
    let isSettled = false;
    const settle = (error: Error | null, summary?: ImportSummary): void => {
      if (isSettled) return;
      isSettled = true;
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else if (summary) resolvePromise(summary);
    };
    const onAbort = (): void => settle(new ImportCancelledError());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ImportJobMessage) => {
      switch (message.type) {
        case 'progress':
          if (!isSettled) options.onProgress?.(message.progress);
          return;
        case 'done':
          settle(null, message.summary);
          return;
        case 'error':
          settle(Object.assign(new Error(message.message), { name: message.name }));
          return;
      }
    });
    worker.on('error', (error) => settle(error));
    worker.on('exit', (code) => settle(new Error(`the import worker stopped (exit code ${code}) before finishing`)));
  });
}

/** Without a worker: the abort is noticed at the next progress report, which throws out of the import. */
function importInProcess(input: ImportJobInput, options: ImportJobOptions): Promise<ImportSummary> {
  return importBundle(input.bundleDir, input.storeFile, {
    progressIntervalMs: input.progressIntervalMs,
    onProgress: (progress) => {
      if (options.signal?.aborted) throw new ImportCancelledError();
      options.onProgress?.(progress);
    },
  });
}

/**
 * Imports a bundle into `storeFile`, cancellably and all or nothing. The import writes into a
 * private staging folder next to the destination (the same file system, so the final rename
 * is atomic); a cancel or a failure deletes the folder, so an existing store is never touched
 * and nothing is left behind. Only this function decides to rename, after the import is done
 * and not cancelled, so a cancel cannot race the replacement.
 */
export async function importStoreCancellable(bundleDir: string, storeFile: string, options: ImportJobOptions = {}): Promise<ImportSummary> {
  if (options.signal?.aborted) throw new ImportCancelledError();
  const dest = resolve(storeFile);
  const staging = mkdtempSync(join(dirname(dest), `.${basename(dest)}.import-`));
  const input: ImportJobInput = { bundleDir, storeFile: join(staging, 'store.sqlite'), progressIntervalMs: PROGRESS_INTERVAL_MS };
  try {
    const script = options.mode === 'in-process' ? null : workerScript();
    const summary = script ? await importInWorker(script, input, options) : await importInProcess(input, options);
    if (options.signal?.aborted) throw new ImportCancelledError();
    // A stale WAL beside the old store would be replayed into the new one.
    for (const suffix of ['-wal', '-shm']) rmSync(dest + suffix, { force: true });
    renameSync(input.storeFile, dest);
    return { ...summary, store: dest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

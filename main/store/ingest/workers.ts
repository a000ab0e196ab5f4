import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { EntityRegistry } from '../entities.js';
import type { BuiltSignals, SignalContext } from '../signals/build.js';
import type { RecordFileTracker } from './file-tracker.js';
import { mergePartStore } from './part-store.js';
import type { ProducerSetup } from './produce.js';
import { EntityAnswer, type WorkerInput, type WorkerMessage } from './protocol.js';
import { errorFromData } from './transfer.js';

export class WorkerUnavailableError extends Error {
  override name = 'WorkerUnavailableError';
  constructor() {
    super(
      'the import worker script (import-worker.js next to the CLI) is missing; rebuild with npm run build, or import with --worker never',
    );
  }
}

/**
 * Where the worker script is: next to this module when running from source, or next to
 * the bundled CLI as import-worker.js (an entry of scripts/build-main.ts). Null in a CJS
 * bundle (Electron main), where import.meta is empty: imports then run in-process.
 */
export function workerScript(): { url: URL; isSource: boolean } | null {
  const here: string | undefined = import.meta.url;
  if (typeof here !== 'string') return null;
  const isSource = here.endsWith('.ts');
  const url = new URL(isSource ? './import-worker.ts' : './import-worker.js', here);
  return existsSync(fileURLToPath(url)) ? { url, isSource } : null;
}

/**
 * From source, the worker must register tsx itself: Node 20 applies `--import` hooks too
 * late for a worker's entry module, so a small bootstrap registers them, then imports it.
 */
function startWorker(workerData: WorkerInput): Worker {
  const script = workerScript();
  if (!script) throw new WorkerUnavailableError();
  const { url, isSource } = script;
  if (!isSource) return new Worker(url, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** What the threads share with the main thread's store. */
export interface StoreLink {
  db: Db;
  files: RecordFileTracker;
  registry: EntityRegistry;
  /** Part file of worker `i`: next to the temporary store, removed once merged or on failure. */
  partFile(i: number): string;
}

interface Thread {
  worker: Worker;
  answer: Int32Array;
  files: readonly RecordFile[];
  partFile: string;
  extent: TimeWindow | null;
  isRead: boolean;
  signals: BuiltSignals | null;
}

/**
 * Producer threads for some groups of a bundle's files, while the main thread reads another.
 * Each writes and indexes its files' tables in a part file of its own; the main thread merges
 * the parts into the store once it has read its own share, while the workers build their
 * signals. A failed worker fails the import: `failure` is set at once (the main thread checks
 * it as it writes), and the pending promise rejects.
 */
export class ProducerThreads {
  failure: Error | null = null;
  private readonly threads: Thread[] = [];
  private waiter: { resolve(): void; reject(error: Error): void; isDone(): boolean } | null = null;

  constructor(groups: readonly RecordFile[][], setup: ProducerSetup, link: StoreLink) {
    const declared = link.registry.declaredKeys();
    const byKind = new Map(groups.flat().map((f) => [f.kind, f]));
    try {
      groups.forEach((files, i) => {
        const answer = new SharedArrayBuffer(8);
        const partFile = link.partFile(i);
        const input: WorkerInput = { files: [...files], setup, partFile, fileIds: link.files.fileIds, declared, answer };
        const thread: Thread = {
          worker: startWorker(input),
          answer: new Int32Array(answer),
          files,
          partFile,
          extent: null,
          isRead: false,
          signals: null,
        };
        this.threads.push(thread);
        this.listen(thread, link, (kind) => {
          const file = byKind.get(kind);
          if (!file) throw new Error(`internal: a worker reported ${kind}, which it was not given`);
          return file;
        });
      });
    } catch (error) {
      this.stop();
      throw error;
    }
  }

  /** Resolves with each thread's extent once all have stored their files and closed their part files. */
  async read(): Promise<(TimeWindow | null)[]> {
    await this.until(() => this.threads.every((t) => t.isRead));
    return this.threads.map((t) => t.extent);
  }

  /** Sends every thread the context to build its signals in. */
  derive(context: SignalContext): void {
    for (const t of this.threads) t.worker.postMessage(context);
  }

  /** Copies every part file into the store (see part-store.ts). */
  mergeParts(db: Db): void {
    for (const t of this.threads)
      mergePartStore(
        db,
        t.partFile,
        t.files.map((f) => f.kind),
      );
  }

  /** Each thread's signals, in thread order. */
  async signals(): Promise<BuiltSignals[]> {
    await this.until(() => this.threads.every((t) => t.signals !== null));
    const lists = this.threads.map((t) => t.signals ?? { rows: [], unresolvedCallees: [] });
    this.stop();
    return lists;
  }

  /** Ends every thread and removes the part files that are left. */
  stop(): void {
    for (const t of this.threads) {
      // A worker blocked on an entity key must wake up to be terminated.
      Atomics.store(t.answer, 0, EntityAnswer.failed);
      Atomics.notify(t.answer, 0);
      t.worker.removeAllListeners('exit');
      void t.worker.terminate();
      rmSync(t.partFile, { force: true });
    }
  }

  private until(isDone: () => boolean): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (isDone()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject, isDone };
    });
  }

  private changed(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    if (this.failure) {
      this.waiter = null;
      waiter.reject(this.failure);
    } else if (waiter.isDone()) {
      this.waiter = null;
      waiter.resolve();
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.stop();
    this.changed();
  }

  private listen(thread: Thread, link: StoreLink, fileOf: (kind: RecordFileName) => RecordFile): void {
    thread.worker.on('message', (message: WorkerMessage) => {
      if (this.failure) return;
      try {
        switch (message.type) {
          case 'rows':
            link.files.stored(fileOf(message.kind), message.rows);
            return;
          case 'file':
            link.files.fileDone(fileOf(message.kind), message.done);
            return;
          case 'entity':
            answerEntity(link.registry, thread.answer, message);
            return;
          case 'read':
            thread.extent = message.extent;
            thread.isRead = true;
            this.changed();
            return;
          case 'signals':
            thread.signals = message.signals;
            this.changed();
            return;
          case 'error':
            this.fail(errorFromData(message.error));
            return;
        }
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    thread.worker.on('error', (error) => this.fail(error));
    thread.worker.on('exit', (code) => this.fail(new Error(`the import worker stopped (exit code ${code}) before finishing`)));
  }
}

/** Registers an undeclared entity for a blocked worker and wakes it with the key (or the refusal). */
function answerEntity(registry: EntityRegistry, answer: Int32Array, m: Extract<WorkerMessage, { type: 'entity' }>): void {
  try {
    Atomics.store(answer, 1, registry.resolve(m.id, m.fileId, m.rel, m.line));
    Atomics.store(answer, 0, EntityAnswer.ready);
  } catch (error) {
    Atomics.store(answer, 0, EntityAnswer.failed);
    throw error;
  } finally {
    Atomics.notify(answer, 0);
  }
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { SignalContext, SignalRow } from '../signals/build.js';
import type { ProducerSetup, ProducerSink } from './produce.js';
import type { WorkerInput, WorkerMessage } from './protocol.js';
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

export interface ReadHooks {
  /** Turns the extents of every thread's records into the context they build signals in. */
  context(extents: (TimeWindow | null)[]): SignalContext;
  /** Runs on this thread while the workers build their signals. */
  whileDeriving(): void;
}

/**
 * Runs one producer thread per group of files, storing their batches through `sink` as they
 * arrive. Once every thread has read its files, they build their signals in the context
 * the hooks give; resolves with those signals, one list per group.
 */
export function produceInWorkers(
  groups: readonly RecordFile[][],
  setup: ProducerSetup,
  sink: ProducerSink,
  hooks: ReadHooks,
): Promise<SignalRow[][]> {
  return new Promise((resolve, reject) => {
    const threads: { inFlight: Int32Array; worker: Worker }[] = [];
    try {
      for (const files of groups) {
        const credits = new SharedArrayBuffer(4);
        threads.push({ inFlight: new Int32Array(credits), worker: startWorker({ files, setup, credits }) });
      }
    } catch (error) {
      for (const t of threads) void t.worker.terminate();
      throw error;
    }
    const extents: (TimeWindow | null)[] = [];
    const signals: SignalRow[][] = [];
    let read = 0;
    let built = 0;
    let isSettled = false;
    const settle = (error: Error | null): void => {
      if (isSettled) return;
      isSettled = true;
      for (const t of threads) void t.worker.terminate();
      if (error) reject(error);
      else resolve(signals);
    };
    threads.forEach(({ inFlight, worker }, i) => {
      worker.on('message', (message: WorkerMessage) => {
        if (isSettled) return;
        try {
          switch (message.type) {
            case 'batch':
              sink.batch(message.batch);
              Atomics.sub(inFlight, 0, 1);
              Atomics.notify(inFlight, 0);
              return;
            case 'file':
              sink.fileDone(message.kind, message.done);
              return;
            case 'read':
              extents[i] = message.extent;
              if (++read === threads.length) {
                const context = hooks.context(extents);
                for (const t of threads) t.worker.postMessage(context);
                hooks.whileDeriving();
              }
              return;
            case 'signals':
              signals[i] = message.rows;
              if (++built === threads.length) settle(null);
              return;
            case 'error':
              settle(errorFromData(message.error));
              return;
          }
        } catch (error) {
          settle(error instanceof Error ? error : new Error(String(error)));
        }
      });
      worker.on('error', (error) => settle(error));
      worker.on('exit', (code) => settle(new Error(`the import worker stopped (exit code ${code}) before finishing`)));
    });
  });
}

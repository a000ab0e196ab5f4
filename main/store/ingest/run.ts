import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RecordConsumer } from './consume.js';
import { produceRecords, type ProducerInput } from './produce.js';
import type { LogTemplateState } from '../signals/log-templates.js';
import type { WorkerMessage } from './protocol.js';
import { errorFromData } from './transfer.js';

/** `auto`: a worker for inputs large enough to repay its start-up, when the worker script exists. */
export type WorkerMode = 'auto' | 'always' | 'never';

/** Below this many bytes of record files the worker's start-up costs more than it saves. */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

export class WorkerUnavailableError extends Error {
  override name = 'WorkerUnavailableError';
  constructor() {
    super('the import worker script (import-worker.js next to the CLI) is missing; rebuild with npm run build, or import with --worker never');
  }
}

/**
 * Where the worker script is: next to this module when running from source, or next to
 * the bundled CLI as import-worker.js (an entry of scripts/build-main.ts). Null in a CJS
 * bundle (Electron main), where import.meta is empty: imports then run in-process.
 */
function workerScript(): { url: URL; isSource: boolean } | null {
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
function startWorker(workerData: unknown): Worker {
  const script = workerScript();
  if (!script) throw new WorkerUnavailableError();
  const { url, isSource } = script;
  if (!isSource) return new Worker(url, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

function shouldUseWorker(input: ProducerInput, mode: WorkerMode): boolean {
  if (mode !== 'auto') return mode === 'always';
  if (!workerScript()) return false;
  let bytes = 0;
  for (const f of input.files) bytes += statSync(f.path).size;
  return bytes >= WORKER_MIN_BYTES;
}

/**
 * Produces all records into the consumer. Reading, parsing, validation and log template
 * mining run in a worker thread when worthwhile, overlapping with inserts and the other
 * signals on the main thread.
 */
export function ingestRecords(input: ProducerInput, consumer: RecordConsumer, mode: WorkerMode): Promise<LogTemplateState> {
  if (!shouldUseWorker(input, mode)) return produceRecords(input, consumer);
  const credits = new SharedArrayBuffer(4);
  const inFlight = new Int32Array(credits);
  const worker = startWorker({ input, credits });
  return new Promise<LogTemplateState>((resolve, reject) => {
    let isSettled = false;
    const settle = (error: Error | null, templates?: LogTemplateState): void => {
      if (isSettled) return;
      isSettled = true;
      void worker.terminate();
      if (error) reject(error);
      else if (templates) resolve(templates);
    };
    worker.on('message', (message: WorkerMessage) => {
      if (isSettled) return;
      try {
        switch (message.type) {
          case 'batch':
            consumer.batch(message.kind, message.cells, message.count);
            Atomics.sub(inFlight, 0, 1);
            Atomics.notify(inFlight, 0);
            return;
          case 'file':
            consumer.fileDone(message.kind, message.done);
            return;
          case 'done':
            settle(null, message.templates);
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
}

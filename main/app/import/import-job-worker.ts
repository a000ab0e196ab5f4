/** Worker entry: one evidence import, so the app can stop it by terminating the thread (import-job.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { importBundle } from '../../store/index.js';
import type { ImportJobInput, ImportJobMessage } from './protocol.js';

const input = workerData as ImportJobInput;
const post = (message: ImportJobMessage): void => parentPort?.postMessage(message);

importBundle(input.bundleDir, input.storeFile, {
  progressIntervalMs: input.progressIntervalMs,
  onProgress: (progress) => post({ type: 'progress', progress }),
}).then(
  (summary) => post({ type: 'done', summary }),
  (error: unknown) =>
    post(
      error instanceof Error
        ? { type: 'error', name: error.name, message: error.message }
        : { type: 'error', name: 'Error', message: String(error) },
    ),
);

import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Cells } from '../batch.js';
import type { LogTemplateState } from '../signals/log-templates.js';
import type { FileDone } from './produce.js';
import type { ErrorData } from './transfer.js';

/** Batches the worker may have posted that the main thread has not stored yet. */
export const MAX_BATCHES_IN_FLIGHT = 8;

export type WorkerMessage =
  | { type: 'batch'; kind: RecordFileName; cells: Cells; count: number }
  | { type: 'file'; kind: RecordFileName; done: FileDone }
  | { type: 'done'; templates: LogTemplateState }
  | { type: 'error'; error: ErrorData };

import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { SignalRow } from '../signals/build.js';
import type { PackedBatch } from './packed.js';
import type { FileDone, ProducerSetup } from './produce.js';
import type { ErrorData } from './transfer.js';

/**
 * Batches a worker may have posted that the main thread has not stored yet (about 0.3 MB
 * each): room to keep reading while the main thread indexes a table another file completed.
 */
export const MAX_BATCHES_IN_FLIGHT = 32;

/** What a producer thread starts with. */
export interface WorkerInput {
  files: RecordFile[];
  setup: ProducerSetup;
  /** One Int32: batches in flight (see MAX_BATCHES_IN_FLIGHT). */
  credits: SharedArrayBuffer;
}

/**
 * Worker to main thread: batches and finished files as they are read, `read` once all its
 * files are, then `signals` in answer to the main thread's SignalContext (which needs the
 * extent of every producer's records).
 */
export type WorkerMessage =
  | { type: 'batch'; batch: PackedBatch }
  | { type: 'file'; kind: RecordFileName; done: FileDone }
  | { type: 'read'; extent: TimeWindow | null }
  | { type: 'signals'; rows: SignalRow[] }
  | { type: 'error'; error: ErrorData };

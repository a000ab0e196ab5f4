import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { BuiltSignals } from '../signals/build.js';
import type { FileDone, ProducerSetup } from './produce.js';
import type { ErrorData } from './transfer.js';

/** What a producer thread starts with. */
export interface WorkerInput {
  files: RecordFile[];
  setup: ProducerSetup;
  /** The part file the worker writes its tables into (ingest/part-store.ts). */
  partFile: string;
  fileIds: Partial<Record<RecordFileName, number>>;
  /** Keys of the entities topology.json declares; any other id is asked of the main thread. */
  declared: Record<string, number>;
  /** Two Int32s for that question's answer: [state (see EntityAnswer), key]. */
  answer: SharedArrayBuffer;
}

/** States of WorkerInput.answer while a worker waits for an entity key. */
export const EntityAnswer = { waiting: 0, ready: 1, failed: 2 } as const;

/**
 * Worker to main thread: rows stored and files finished as they are read, `entity` when a
 * record names an entity topology.json does not declare (the worker blocks until the main
 * thread answers), `read` once all its files are stored and its part file is closed, then
 * `signals` (the rows and the callee names no entity has) in answer to the main thread's
 * SignalContext (which needs the extent of every producer's records).
 */
export type WorkerMessage =
  | { type: 'rows'; kind: RecordFileName; rows: number }
  | { type: 'file'; kind: RecordFileName; done: FileDone }
  | { type: 'entity'; id: string; fileId: number; rel: string; line: number }
  | { type: 'read'; extent: TimeWindow | null }
  | { type: 'signals'; signals: BuiltSignals }
  | { type: 'error'; error: ErrorData };

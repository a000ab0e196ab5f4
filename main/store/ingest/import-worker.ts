/** Worker entry: a record producer for some of a bundle's files, off the main thread (see run.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { SignalContext } from '../signals/build.js';
import { openPartStore } from './part-store.js';
import { RecordProducer } from './produce.js';
import { EntityAnswer, type WorkerInput, type WorkerMessage } from './protocol.js';
import { TableWriter } from './table-writer.js';
import { errorToData } from './transfer.js';

const init = workerData as WorkerInput;
const port = parentPort;
const producer = new RecordProducer(init.setup);
const answer = new Int32Array(init.answer);
const declared = new Map(Object.entries(init.declared));

function post(message: WorkerMessage): void {
  port?.postMessage(message);
}

/** Thrown when the main thread could not register an entity; it reports the reason itself. */
class EntityRefusedError extends Error {
  override name = 'EntityRefusedError';
}

/** Blocks (this is a worker) until the main thread's registry has given the entity a key. */
function askMainThread(id: string, fileId: number, rel: string, line: number): number {
  Atomics.store(answer, 0, EntityAnswer.waiting);
  post({ type: 'entity', id, fileId, rel, line });
  while (Atomics.load(answer, 0) === EntityAnswer.waiting) Atomics.wait(answer, 0, EntityAnswer.waiting, 1000);
  if (Atomics.load(answer, 0) === EntityAnswer.failed) throw new EntityRefusedError(`entity "${id}" was refused`);
  return Atomics.load(answer, 1);
}

const db = openPartStore(init.partFile);
const writer = new TableWriter(db, init.fileIds, {
  // Undeclared entities go through the main thread, which records where each was first named.
  resolveEntity: (id, fileId, rel, line) => declared.get(id) ?? askMainThread(id, fileId, rel, line),
  onRows: (file, rows) => post({ type: 'rows', kind: file.kind, rows }),
  onFileDone: (file, done) => post({ type: 'file', kind: file.kind, done }),
});

port?.on('message', (context: SignalContext) => {
  try {
    post({ type: 'signals', signals: producer.signals(context) });
  } catch (error) {
    post({ type: 'error', error: errorToData(error) });
  }
});

async function readAll(): Promise<void> {
  for (const file of init.files) await producer.read(file, writer);
  db.exec('COMMIT');
  db.close();
}

readAll().then(
  () => post({ type: 'read', extent: producer.extent }),
  (error: unknown) => {
    if (db.open) db.close();
    if (!(error instanceof EntityRefusedError)) post({ type: 'error', error: errorToData(error) });
  },
);

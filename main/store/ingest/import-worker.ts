/** Worker entry: a record producer for some of a bundle's files, off the main thread (see run.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { SignalContext } from '../signals/build.js';
import { RecordProducer, type ProducerSink } from './produce.js';
import { MAX_BATCHES_IN_FLIGHT, type WorkerInput, type WorkerMessage } from './protocol.js';
import { errorToData } from './transfer.js';

const init = workerData as WorkerInput;
const inFlight = new Int32Array(init.credits);
const port = parentPort;
const producer = new RecordProducer(init.setup);

function post(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

/** Blocks (this is a worker) while the main thread is behind, so memory stays bounded. */
function waitForRoom(): void {
  for (;;) {
    const current = Atomics.load(inFlight, 0);
    if (current < MAX_BATCHES_IN_FLIGHT) break;
    Atomics.wait(inFlight, 0, current, 1000);
  }
  Atomics.add(inFlight, 0, 1);
}

const sink: ProducerSink = {
  batch(batch) {
    waitForRoom();
    post({ type: 'batch', batch }, [batch.values.buffer]);
  },
  fileDone(kind, done) {
    post({ type: 'file', kind, done });
  },
};

port?.on('message', (context: SignalContext) => {
  try {
    post({ type: 'signals', rows: producer.signals(context) });
  } catch (error) {
    post({ type: 'error', error: errorToData(error) });
  }
});

async function readAll(): Promise<void> {
  for (const file of init.files) await producer.read(file, sink);
}

readAll().then(
  () => post({ type: 'read', extent: producer.extent }),
  (error: unknown) => post({ type: 'error', error: errorToData(error) }),
);

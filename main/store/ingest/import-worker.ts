/** Worker entry: runs the record producer off the main thread (see run.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { produceRecords, type ProducerInput, type ProducerSink } from './produce.js';
import { errorToData } from './transfer.js';
import { MAX_BATCHES_IN_FLIGHT, type WorkerMessage } from './protocol.js';

const init = workerData as { input: ProducerInput; credits: SharedArrayBuffer };
const inFlight = new Int32Array(init.credits);
const port = parentPort;

function post(message: WorkerMessage): void {
  port?.postMessage(message);
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
  batch(kind, cells, count) {
    waitForRoom();
    post({ type: 'batch', kind, cells, count });
  },
  fileDone(kind, done) {
    post({ type: 'file', kind, done });
  },
};

produceRecords(init.input, sink).then(
  (templates) => post({ type: 'done', templates }),
  (error: unknown) => post({ type: 'error', error: errorToData(error) }),
);

import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { KnownEdge } from '../../../core/signals/index.js';
import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { SignalContext, SignalRow } from '../signals/build.js';
import { deriveWindow, type WindowInfo } from '../window.js';
import type { RecordConsumer } from './consume.js';
import { RecordProducer } from './produce.js';
import { produceInWorkers, workerScript } from './workers.js';

export { WorkerUnavailableError } from './workers.js';

/** `auto`: worker threads for inputs large enough to repay their start-up, when the worker script exists. */
export type WorkerMode = 'auto' | 'always' | 'never';

/** Below this many bytes of record files per thread, a worker's start-up costs more than it saves. */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

/** Producer threads at most: with the main thread writing, two keep two cores busy. */
const MAX_PRODUCERS = 2;

/** Rough parse cost per stored byte, to share files out evenly: logs mine templates, spans join traces. */
const KIND_COST: Record<RecordFileName, number> = { alerts: 1, events: 1, logs: 2, metrics: 1, spans: 2, changes: 1 };
const GZIP_RATIO = 6;

export interface IngestInput {
  files: RecordFile[];
  manifest: SnapshotManifest;
  knownEdges: KnownEdge[];
}

export interface Ingested {
  window: WindowInfo;
  extent: TimeWindow | null;
  signals: SignalRow[];
}

/**
 * Files per producer thread: none (all read on the main thread), or up to MAX_PRODUCERS
 * groups of similar estimated cost. Each group keeps the bundle's file order.
 */
function producerGroups(files: readonly RecordFile[], mode: WorkerMode): RecordFile[][] {
  if (mode === 'never' || files.length === 0) return [];
  const sized = files.map((file) => ({ file, bytes: statSync(file.path).size }));
  let threads = Math.min(MAX_PRODUCERS, files.length, availableParallelism());
  if (mode === 'auto') {
    if (!workerScript()) return [];
    threads = Math.min(threads, Math.floor(sized.reduce((sum, s) => sum + s.bytes, 0) / WORKER_MIN_BYTES));
  }
  if (threads < 1) return [];
  const groups = Array.from({ length: threads }, () => ({ files: [] as RecordFile[], cost: 0 }));
  const byCost = sized
    .map((s) => ({ ...s, cost: s.bytes * (s.file.gzip ? GZIP_RATIO : 1) * KIND_COST[s.file.kind] }))
    .sort((a, b) => b.cost - a.cost);
  for (const s of byCost) {
    const lightest = groups.reduce((a, b) => (b.cost < a.cost ? b : a));
    lightest.files.push(s.file);
    lightest.cost += s.cost;
  }
  return groups.filter((g) => g.files.length > 0).map((g) => files.filter((f) => g.files.includes(f)));
}

const EXTRACTOR_ORDER: Record<SignalRow['extractor'], number> = { failure_event: 0, log_template: 1, metric_anomaly: 2, trace_edge: 3 };

/** Signals of several producers in the order one producer would list them (stable sort). */
function mergeSignals(parts: readonly SignalRow[][]): SignalRow[] {
  return parts.flat().sort((a, b) => EXTRACTOR_ORDER[a.extractor] - EXTRACTOR_ORDER[b.extractor]);
}

function spanOf(extents: readonly (TimeWindow | null)[]): TimeWindow | null {
  let span: TimeWindow | null = null;
  for (const e of extents) {
    if (e) span = span ? { start: Math.min(span.start, e.start), end: Math.max(span.end, e.end) } : e;
  }
  return span;
}

/**
 * Reads every record file into the consumer and derives the signals. Alerts come first, on
 * this thread: they fix the periods every other file's signals are measured in. The other
 * files are read, validated and mined in worker threads when worthwhile, while this thread
 * writes what they produce; the result does not depend on how the files were shared out
 * (only which error is reported when several files are malformed: the first one met).
 * `onStored` runs once every record is stored, while workers derive the signals.
 */
export async function ingestRecords(
  input: IngestInput,
  consumer: RecordConsumer,
  mode: WorkerMode,
  onStored: () => void,
): Promise<Ingested> {
  const lead = new RecordProducer({ manifest: input.manifest, alerts: [] });
  for (const file of input.files) if (file.kind === 'alerts') await lead.read(file, consumer);
  const rest = input.files.filter((f) => f.kind !== 'alerts');
  const groups = producerGroups(rest, mode);
  // Set once every producer has read its files: the final window needs the data's extent.
  const done: { context: SignalContext | null } = { context: null };
  const finish = (extents: (TimeWindow | null)[]): SignalContext => {
    const extent = spanOf([lead.extent, ...extents]);
    done.context = { final: deriveWindow(input.manifest, lead.alerts, extent), extent, knownEdges: input.knownEdges };
    return done.context;
  };
  let parts: SignalRow[][];
  if (groups.length === 0) {
    for (const file of rest) await lead.read(file, consumer);
    onStored();
    parts = [lead.signals(finish([]))];
  } else {
    const setup = { manifest: input.manifest, alerts: lead.alerts };
    parts = await produceInWorkers(groups, setup, consumer, { context: finish, whileDeriving: onStored });
  }
  if (!done.context) throw new Error('internal: records were read without a final window');
  return { window: done.context.final, extent: done.context.extent, signals: mergeSignals(parts) };
}

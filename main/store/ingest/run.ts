import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { KnownEdge } from '../../../core/signals/index.js';
import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { BuiltSignals, SignalContext, SignalRow } from '../signals/build.js';
import type { NamedEntity, UnresolvedCallee } from '../signals/attribution.js';
import { OPEN_EXTENT } from '../signals/periods.js';
import { deriveWindow, type WindowInfo } from '../window.js';
import { RecordProducer, type ProducerSink } from './produce.js';
import { TableWriter, type WriterHooks } from './table-writer.js';
import { ProducerThreads, workerScript, type StoreLink } from './workers.js';

export { WorkerUnavailableError } from './workers.js';

/** `auto`: worker threads for inputs large enough to repay their start-up, when the worker script exists. */
export type WorkerMode = 'auto' | 'always' | 'never';

/** Below this many bytes of record files per thread, a worker's start-up costs more than it saves. */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

/** Producer threads at most: each parses, derives signals and writes its own tables, so two keep two cores busy. */
export const MAX_PRODUCERS = 2;

/** Rough cost per stored byte when signals are derived on the way, to share files out evenly: logs mine templates, spans join traces. */
const KIND_COST: Record<RecordFileName, number> = { alerts: 1, events: 1, logs: 3, metrics: 1, spans: 2, changes: 1 };
/**
 * The same when only the records are stored: parsing, binding and writing the columns, then
 * the table's index (logs' is dearest: it orders by error-ness). From CPU profiles of a 1M-row
 * bundle, logs 1.4 : spans 1 : metrics 1; so the logs go to a worker and the main thread,
 * which also merges the part files, takes spans and metrics.
 */
const STORE_ONLY_COST: Record<RecordFileName, number> = { alerts: 1, events: 1, logs: 1.4, metrics: 1, spans: 1, changes: 1 };
const GZIP_RATIO = 6;

export interface IngestInput {
  files: RecordFile[];
  manifest: SnapshotManifest;
  knownEdges: KnownEdge[];
  /** Topology entities the signals resolve status-message callee names against. */
  entities?: NamedEntity[];
  /** Derive the signals while reading (false: the first reader of the store does; signals/stored.ts). */
  derive: boolean;
  /** The time span of records stored by other means before these files (the ClickHouse engine's own reads). */
  extentElsewhere?: TimeWindow | null;
}

export interface Ingested {
  window: WindowInfo;
  extent: TimeWindow | null;
  signals: SignalRow[];
  /** Callee names error status messages give that no topology entity has. */
  unresolvedCallees: UnresolvedCallee[];
  /** What the signals' periods were fixed by (the manifest and the alerts, before the extent is known; signals/periods.ts). */
  plan: WindowInfo;
}

/** The files the main thread reads itself, and those of each worker thread. */
interface Shares {
  main: RecordFile[];
  workers: RecordFile[][];
}

/**
 * Shares the files out between the main thread and up to MAX_PRODUCERS - 1 worker threads,
 * in groups of similar estimated cost; each group keeps the bundle's file order. `always`
 * gives a worker at least one group even when one thread would do.
 */
function shareFiles(files: readonly RecordFile[], mode: WorkerMode, derive: boolean): Shares {
  const kindCost = derive ? KIND_COST : STORE_ONLY_COST;
  if (mode === 'never' || files.length === 0) return { main: [...files], workers: [] };
  const sized = files.map((file) => ({ file, bytes: statSync(file.path).size }));
  let threads = Math.min(MAX_PRODUCERS, files.length, availableParallelism());
  if (mode === 'auto') {
    if (!workerScript()) return { main: [...files], workers: [] };
    threads = Math.min(threads, Math.floor(sized.reduce((sum, s) => sum + s.bytes, 0) / WORKER_MIN_BYTES));
  }
  if (threads <= 1) return mode === 'always' ? { main: [], workers: [[...files]] } : { main: [...files], workers: [] };
  const groups = Array.from({ length: threads }, () => ({ files: [] as RecordFile[], cost: 0 }));
  const byCost = sized
    .map((s) => ({ ...s, cost: s.bytes * (s.file.gzip ? GZIP_RATIO : 1) * kindCost[s.file.kind] }))
    .sort((a, b) => b.cost - a.cost);
  for (const s of byCost) {
    const lightest = groups.reduce((a, b) => (b.cost < a.cost ? b : a));
    lightest.files.push(s.file);
    lightest.cost += s.cost;
  }
  const filled = groups.filter((g) => g.files.length > 0);
  // The main thread also merges the workers' parts and stores the signals: it takes the lightest share.
  const lightest = filled.reduce((a, b) => (b.cost < a.cost ? b : a));
  const inOrder = (g: { files: RecordFile[] }): RecordFile[] => files.filter((f) => g.files.includes(f));
  return { main: inOrder(lightest), workers: filled.filter((g) => g !== lightest).map(inOrder) };
}

const EXTRACTOR_ORDER: Record<SignalRow['extractor'], number> = {
  failure_event: 0,
  log_template: 1,
  metric_anomaly: 2,
  trace_edge: 3,
  trace_fanout: 4,
};

/** Signals of several producers in the order one producer would list them (stable sort). */
function mergeSignals(parts: readonly BuiltSignals[]): SignalRow[] {
  return parts.flatMap((p) => p.rows).sort((a, b) => EXTRACTOR_ORDER[a.extractor] - EXTRACTOR_ORDER[b.extractor]);
}

/** The time span covering every given one (null for none). */
export function spanOf(extents: readonly (TimeWindow | null)[]): TimeWindow | null {
  let span: TimeWindow | null = null;
  for (const e of extents) {
    if (e) span = span ? { start: Math.min(span.start, e.start), end: Math.max(span.end, e.end) } : e;
  }
  return span;
}

/**
 * Reads every record file into the store and derives the signals. Alerts come first, on
 * this thread: they fix the periods every other file's signals are measured in. The other
 * files are shared out between this thread, which writes the store, and worker threads when
 * worthwhile, which each write a part file that this thread merges (workers.ts). The result
 * does not depend on how the files were shared out (only which error is reported when
 * several files are malformed: the first one met). `onStored` runs once every record is
 * stored, while workers derive their signals.
 */
export async function ingestRecords(
  input: IngestInput,
  link: StoreLink,
  mode: WorkerMode,
  onStored: () => void,
  /** Where the rows go instead of link.db's raw tables (the ClickHouse import); read on this thread only. */
  sinkOf?: (hooks: WriterHooks) => ProducerSink,
): Promise<Ingested> {
  let threads: ProducerThreads | null = null;
  const hooks: WriterHooks = {
    resolveEntity: (id, fileId, rel, line) => link.registry.resolve(id, fileId, rel, line),
    onRows: (file, rows) => {
      // A worker that failed fails the import now, not once this thread has read its share.
      if (threads?.failure) throw threads.failure;
      link.files.stored(file, rows);
    },
    onFileDone: (file, done) => link.files.fileDone(file, done),
  };
  const writer = sinkOf ? sinkOf(hooks) : new TableWriter(link.db, link.files.fileIds, hooks);
  const lead = new RecordProducer({ manifest: input.manifest, alerts: [], derive: input.derive });
  for (const file of input.files) if (file.kind === 'alerts') await lead.read(file, writer);
  const shares = shareFiles(
    input.files.filter((f) => f.kind !== 'alerts'),
    sinkOf ? 'never' : mode,
    input.derive,
  );
  try {
    if (shares.workers.length > 0)
      threads = new ProducerThreads(shares.workers, { manifest: input.manifest, alerts: lead.alerts, derive: input.derive }, link);
    for (const file of shares.main) await lead.read(file, writer);
    const extents = threads ? await threads.read() : [];
    const extent = spanOf([lead.extent, ...extents, input.extentElsewhere ?? null]);
    const context: SignalContext = {
      final: deriveWindow(input.manifest, lead.alerts, extent),
      extent,
      knownEdges: input.knownEdges,
      entities: input.entities ?? [],
    };
    threads?.derive(context);
    threads?.mergeParts(link.db);
    onStored();
    const parts = [lead.signals(context), ...(threads ? await threads.signals() : [])];
    return {
      window: context.final,
      extent,
      signals: mergeSignals(parts),
      unresolvedCallees: parts.flatMap((p) => p.unresolvedCallees),
      plan: deriveWindow(input.manifest, lead.alerts, OPEN_EXTENT),
    };
  } finally {
    threads?.stop();
  }
}

import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import { streamLines } from '../../snapshot/lines.js';
import { hasImplausibleTime, parseRecordLine, type RecordRow } from '../../snapshot/records.js';
import { buildSignals, type BuiltSignals, type SignalContext } from '../signals/build.js';
import { SignalCollector, alertSpanOf, logObserver, type RowObserver } from '../signals/collect.js';
import { LogTemplateCollector, emptyTemplateState } from '../signals/log-templates.js';
import { OPEN_EXTENT, Periods } from '../signals/periods.js';
import { deriveWindow, type AlertSpan } from '../window.js';

/** Where parsed rows go: the table writer of this thread (ingest/table-writer.ts). */
export interface ProducerSink {
  /** One validated record, in line order. */
  row(file: RecordFile, line: number, row: RecordRow): void;
  fileDone(file: RecordFile, done: FileDone): void;
}

export interface FileDone {
  sha256: string;
  lines: number;
  rows: number;
  bytes: number;
  /** Records with a time outside 1990–2100, and the line of the first (null: none). */
  implausible: { count: number; firstLine: number | null };
}

/** What a producer needs to measure signals; plain data, so it can be handed to a worker. */
export interface ProducerSetup {
  manifest: SnapshotManifest;
  /** Alerts read so far (the alerts file is read first: it fixes the periods). */
  alerts: AlertSpan[];
  /**
   * Whether to derive the signals while reading (default true). False leaves them to the
   * first reader of the store (signals/stored.ts), which feeds the same collectors the same
   * rows from the store.
   */
  derive?: boolean;
}

/**
 * Reads and validates record files, hands the rows to a sink that stores them, and feeds
 * the derived signals on the way, so it can run in worker threads that each write their
 * own part of the store. Each signal depends on one record kind only, so
 * producers may share the files of a bundle between them.
 */
export class RecordProducer {
  readonly alerts: AlertSpan[];
  private min = Infinity;
  private max = -Infinity;
  private collector: SignalCollector | null = null;
  private templates: LogTemplateCollector | null = null;

  constructor(private readonly setup: ProducerSetup) {
    this.alerts = [...setup.alerts];
  }

  /** Times of the records read, or null when there were none. */
  get extent(): TimeWindow | null {
    return this.min <= this.max ? { start: this.min, end: this.max } : null;
  }

  /** Periods are fixed once the alerts are in; see signals/periods.ts. */
  private periods(): Periods {
    return Periods.fromPlan(deriveWindow(this.setup.manifest, this.alerts, OPEN_EXTENT));
  }

  private observerFor(kind: RecordFileName): RowObserver | null {
    if (kind === 'alerts') {
      return (row) => this.alerts.push(alertSpanOf(row));
    }
    if (this.setup.derive === false) return null;
    if (kind === 'logs') return logObserver((this.templates ??= new LogTemplateCollector(this.periods())));
    this.collector ??= new SignalCollector(this.periods());
    return this.collector.observerFor(kind);
  }

  async read(file: RecordFile, sink: ProducerSink): Promise<void> {
    const observe = this.observerFor(file.kind);
    let rows = 0;
    const implausible: FileDone['implausible'] = { count: 0, firstLine: null };
    const result = await streamLines(file, (text, line) => {
      const row = parseRecordLine(file.kind, text, file.rel, line);
      if (hasImplausibleTime(file.kind, row)) {
        implausible.count++;
        implausible.firstLine ??= line;
      }
      const time = row[1];
      if (time < this.min) this.min = time;
      if (time > this.max) this.max = time;
      observe?.(row, line);
      sink.row(file, line, row);
      rows++;
    });
    sink.fileDone(file, { sha256: result.sha256, lines: result.lines, rows, bytes: result.bytes, implausible });
  }

  /** The derived signals of the records this producer read, once the final window is known. */
  signals(context: SignalContext): BuiltSignals {
    if (this.setup.derive === false) return { rows: [], unresolvedCallees: [] };
    const collector = this.collector ?? new SignalCollector(Periods.fromPlan(context.final));
    return buildSignals(collector, this.templates?.state() ?? emptyTemplateState(), context);
  }
}

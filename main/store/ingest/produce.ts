import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import { streamLines } from '../../snapshot/lines.js';
import { parseRecordLine } from '../../snapshot/records.js';
import { buildSignals, type SignalContext, type SignalRow } from '../signals/build.js';
import { SignalCollector, type RowObserver } from '../signals/collect.js';
import { LogTemplateCollector, emptyTemplateState } from '../signals/log-templates.js';
import { OPEN_EXTENT, Periods } from '../signals/periods.js';
import { deriveWindow, type AlertSpan } from '../window.js';
import { BatchEncoder, type PackedBatch } from './packed.js';

/** Where parsed rows go: straight to the table writer, or across a worker boundary. */
export interface ProducerSink {
  batch(batch: PackedBatch): void;
  fileDone(kind: RecordFileName, done: FileDone): void;
}

export interface FileDone {
  sha256: string;
  lines: number;
  rows: number;
  bytes: number;
}

/** Rows per batch handed to the sink (at most 12 columns: within SQLite's 32766 bind limit). */
export const PRODUCER_BATCH_ROWS = 2000;

/** What a producer needs to measure signals; plain data, so it can be handed to a worker. */
export interface ProducerSetup {
  manifest: SnapshotManifest;
  /** Alerts read so far (the alerts file is read first: it fixes the periods). */
  alerts: AlertSpan[];
}

/**
 * Reads, validates and packs record files, and feeds the derived signals on the way: all
 * the work of an import but the database, so it can run in worker threads while the main
 * thread writes what they produce. Each signal depends on one record kind only, so
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
      return (row) => this.alerts.push({ name: String(row[3]), start: row[1], end: typeof row[2] === 'number' ? row[2] : null });
    }
    if (kind === 'logs') {
      const templates = (this.templates ??= new LogTemplateCollector(this.periods()));
      // Log columns: [entity, time, severity, body, ...].
      // Log columns: [entity, time, severity, body, traceId, spanId, ...].
      return (row, line) => {
        const span = typeof row[4] === 'string' && typeof row[5] === 'string' ? `${row[4]}/${row[5]}` : null;
        templates.add(line, row[0], row[1], typeof row[2] === 'string' ? row[2] : null, typeof row[3] === 'string' ? row[3] : '', span);
      };
    }
    this.collector ??= new SignalCollector(this.periods());
    return this.collector.observerFor(kind);
  }

  async read(file: RecordFile, sink: ProducerSink): Promise<void> {
    const observe = this.observerFor(file.kind);
    const encoder = new BatchEncoder(file.kind, PRODUCER_BATCH_ROWS);
    let rows = 0;
    const result = await streamLines(file, (text, line) => {
      const row = parseRecordLine(file.kind, text, file.rel, line);
      const time = row[1];
      if (time < this.min) this.min = time;
      if (time > this.max) this.max = time;
      observe?.(row, line);
      encoder.add(line, row);
      rows++;
      if (encoder.isFull) sink.batch(encoder.take());
    });
    if (encoder.rows > 0) sink.batch(encoder.take());
    sink.fileDone(file.kind, { sha256: result.sha256, lines: result.lines, rows, bytes: result.bytes });
  }

  /** The derived signals of the records this producer read, once the final window is known. */
  signals(context: SignalContext): SignalRow[] {
    const collector = this.collector ?? new SignalCollector(Periods.fromPlan(context.final));
    return buildSignals(collector, this.templates?.state() ?? emptyTemplateState(), context);
  }
}

import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import { streamLines } from '../../snapshot/lines.js';
import { parseRecordLine } from '../../snapshot/records.js';
import type { Cells } from '../batch.js';
import { LogTemplateCollector, emptyTemplateState, type LogTemplateState } from '../signals/log-templates.js';
import { OPEN_EXTENT, Periods } from '../signals/periods.js';
import { deriveWindow, type AlertSpan } from '../window.js';

/** Everything the producer needs; plain data so it can be handed to a worker. */
export interface ProducerInput {
  files: RecordFile[];
  manifest: SnapshotManifest;
}

/** Where parsed rows go: straight into the store, or across a worker boundary. */
export interface ProducerSink {
  /** `cells` holds `count` rows of [line, entity, time, ...columns] (see store/schema.ts). */
  batch(kind: RecordFileName, cells: Cells, count: number): void;
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

/**
 * Reads, validates and normalises every record file in order, and mines log templates. No
 * database, so it can run in a worker thread while the main thread stores what it produced.
 */
export async function produceRecords(input: ProducerInput, sink: ProducerSink): Promise<LogTemplateState> {
  const alerts: AlertSpan[] = [];
  let templates: LogTemplateCollector | null = null;
  for (const file of input.files) {
    if (file.kind === 'logs') {
      // The same plan as the consumer's: both derive it from the alerts, imported first.
      templates = new LogTemplateCollector(Periods.fromPlan(deriveWindow(input.manifest, alerts, OPEN_EXTENT)));
    }
    const isAlerts = file.kind === 'alerts';
    const mine = file.kind === 'logs' ? templates : null;
    let cells: Cells = [];
    let count = 0;
    let rows = 0;
    const result = await streamLines(file, (text, line) => {
      const row = parseRecordLine(file.kind, text, file.rel, line);
      if (isAlerts) alerts.push({ name: String(row[3]), start: row[1], end: typeof row[2] === 'number' ? row[2] : null });
      // Log columns: [entity, time, severity, body, traceId, spanId, ...].
      const span = typeof row[4] === 'string' && typeof row[5] === 'string' ? `${row[4]}/${row[5]}` : null;
      mine?.add(line, row[0], row[1], typeof row[2] === 'string' ? row[2] : null, typeof row[3] === 'string' ? row[3] : '', span);
      cells.push(line);
      for (let i = 0; i < row.length; i++) cells.push(row[i] ?? null);
      rows++;
      if (++count === PRODUCER_BATCH_ROWS) {
        sink.batch(file.kind, cells, count);
        cells = [];
        count = 0;
      }
    });
    if (count > 0) sink.batch(file.kind, cells, count);
    sink.fileDone(file.kind, { sha256: result.sha256, lines: result.lines, rows, bytes: result.bytes });
  }
  return templates?.state() ?? emptyTemplateState();
}

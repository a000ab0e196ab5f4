import { MetricSeriesCollector, TraceEdgeAggregator, classifyEvent, type EventCategory } from '../../../core/signals/index.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { RecordRow } from '../../snapshot/records.js';
import type { AlertSpan } from '../window.js';
import type { LogTemplateCollector } from './log-templates.js';
import { spanKey } from './span-key.js';
import { FAR, type Periods } from './periods.js';

/** Sees one parsed record: entity id, time, then the record's columns in the order of store/schema.ts. */
export type RowObserver = (row: RecordRow, line: number) => void;

export interface FailureEvent {
  line: number;
  entity: string;
  time: number;
  reason: string;
  eventType: string;
  message: string;
  count: number;
  category: EventCategory;
}

type Cell = RecordRow[number];

/** An alert row as the window sees it (columns: entity, startsAt, endsAt, name, ...). */
export const alertSpanOf = (row: RecordRow): AlertSpan => ({
  name: String(row[3]),
  start: row[1],
  end: typeof row[2] === 'number' ? row[2] : null,
});

/** Feeds log rows (columns: entity, time, severity, body, traceId, spanId, ...) to the template miner. */
export function logObserver(templates: LogTemplateCollector): RowObserver {
  return (row, line) => {
    const span = typeof row[4] === 'string' && typeof row[5] === 'string' ? spanKey(row[4], row[5]) : null;
    templates.add(line, row[0], row[1], typeof row[2] === 'string' ? row[2] : null, typeof row[3] === 'string' ? row[3] : '', span);
  };
}
const text = (v: Cell | undefined): string => (typeof v === 'string' ? v : '');
const numberOr = (v: Cell | undefined, fallback: number): number => (typeof v === 'number' ? v : fallback);

/**
 * Feeds records to the pure signal algorithms (core/signals) as they are parsed, so derived
 * signals cost no second pass over the data. Log templates are mined alongside
 * (log-templates.ts).
 */
export class SignalCollector {
  readonly metrics: MetricSeriesCollector;
  readonly traces = new TraceEdgeAggregator();
  readonly failures: FailureEvent[] = [];

  constructor(readonly periods: Periods) {
    const w = periods.window;
    // The metric collector wants non-empty ranges with finite bounds, end exclusive.
    const window = { start: w.start, end: w.end >= FAR ? FAR : Math.max(w.end + 1, w.start + 1) };
    const b = periods.metricBaseline;
    this.metrics = new MetricSeriesCollector({ window, baseline: b ? { start: b.start, end: Math.max(b.end + 1, b.start + 1) } : null });
  }

  observerFor(kind: RecordFileName): RowObserver | null {
    switch (kind) {
      case 'metrics':
        return (r) => this.metrics.add(r[0], text(r[2]), r[1], numberOr(r[3], Number.NaN), typeof r[4] === 'string' ? r[4] : null);
      case 'spans':
        return (r) => this.addSpan(r);
      case 'events':
        return (r, line) => this.addEvent(r, line);
      case 'alerts':
      case 'changes':
      case 'logs':
        return null;
    }
  }

  private addSpan(r: RecordRow): void {
    const status = r[7];
    const parent = r[5];
    const durationMs = numberOr(r[2], 0);
    const period = this.periods.periodOf(r[1]);
    this.traces.add(
      {
        traceId: text(r[3]),
        spanId: text(r[4]),
        parentSpanId: typeof parent === 'string' ? parent : null,
        entity: r[0],
        name: text(r[6]),
        durationMs,
        status: status === 'error' || status === 'ok' ? status : 'unset',
        ...(typeof r[8] === 'string' && r[8].length > 0 ? { statusMessage: r[8] } : {}),
        ...(typeof r[9] === 'string' && r[9].length > 0 ? { kind: r[9] } : {}),
      },
      period,
      period !== null && this.periods.periodOf(r[1] + durationMs) === period ? period : null,
    );
  }

  private addEvent(r: RecordRow, line: number): void {
    const eventType = text(r[2]);
    const reason = text(r[3]);
    const message = text(r[4]);
    const { isFailure, category } = classifyEvent(reason, message, eventType);
    if (!isFailure) return;
    this.failures.push({ line, entity: r[0], time: r[1], reason, eventType, message, count: numberOr(r[5], 1), category });
  }
}

import { MetricSeriesCollector, TraceEdgeAggregator, classifyEvent, type EventCategory } from '../../../core/signals/index.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Cells } from '../batch.js';
import { FAR, type Periods } from './periods.js';

/**
 * Sees one row of a batch: `cells[o]` is the line, `cells[o + 1]` the entity id, `cells[o + 2]`
 * the time, then the record's columns in the order of store/schema.ts.
 */
export type RowObserver = (cells: Cells, o: number) => void;

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

type Cell = Cells[number];
const text = (v: Cell | undefined): string => (typeof v === 'string' ? v : '');
const numberOr = (v: Cell | undefined, fallback: number): number => (typeof v === 'number' ? v : fallback);

/**
 * Feeds records to the pure signal algorithms (core/signals) as they are stored, so derived
 * signals cost no second pass over the data. Log templates are mined where logs are parsed
 * instead (log-templates.ts).
 */
export class SignalCollector {
  readonly metrics: MetricSeriesCollector;
  readonly traces = new TraceEdgeAggregator();
  readonly failures: FailureEvent[] = [];

  constructor(readonly periods: Periods) {
    const w = periods.window;
    // The metric collector wants non-empty ranges with finite bounds, end exclusive.
    const window = { start: w.start, end: w.end >= FAR ? FAR : Math.max(w.end + 1, w.start + 1) };
    const b = periods.baseline;
    this.metrics = new MetricSeriesCollector({ window, baseline: b ? { start: b.start, end: Math.max(b.end + 1, b.start + 1) } : null });
  }

  observerFor(kind: RecordFileName): RowObserver | null {
    switch (kind) {
      case 'metrics':
        return (c, o) => this.metrics.add(text(c[o + 1]), text(c[o + 3]), numberOr(c[o + 2], Number.NaN), numberOr(c[o + 4], Number.NaN));
      case 'spans':
        return (c, o) => this.addSpan(c, o);
      case 'events':
        return (c, o) => this.addEvent(c, o);
      case 'alerts':
      case 'changes':
      case 'logs':
        return null;
    }
  }

  private addSpan(c: Cells, o: number): void {
    const status = c[o + 8];
    const parent = c[o + 6];
    this.traces.add(
      {
        traceId: text(c[o + 4]),
        spanId: text(c[o + 5]),
        parentSpanId: typeof parent === 'string' ? parent : null,
        entity: text(c[o + 1]),
        durationMs: numberOr(c[o + 3], 0),
        status: status === 'error' || status === 'ok' ? status : 'unset',
      },
      this.periods.periodOf(numberOr(c[o + 2], Number.NaN)),
    );
  }

  private addEvent(c: Cells, o: number): void {
    const eventType = text(c[o + 3]);
    const reason = text(c[o + 4]);
    const message = text(c[o + 5]);
    const { isFailure, category } = classifyEvent(reason, message, eventType);
    if (!isFailure) return;
    this.failures.push({ line: numberOr(c[o], 0), entity: text(c[o + 1]), time: numberOr(c[o + 2], 0), reason, eventType, message, count: numberOr(c[o + 6], 1), category });
  }
}

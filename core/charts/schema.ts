import { z } from 'zod';

/** One line of a chart: x in epoch ms, y per x (null: a gap). Already downsampled. */
export const ChartSeries = z.object({
  name: z.string(),
  x: z.array(z.number()),
  y: z.array(z.number().nullable()),
  /**
   * The baseline as a band (robust: median ± 3 scaled MAD of the points before the incident);
   * null when the series has no baseline points.
   */
  band: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** What the line stands for, so views colour it the same way everywhere. */
  role: z.enum(['value', 'p50', 'p95', 'p99', 'new', 'gone', 'caller', 'callee', 'error']),
  /** The evidence item this series draws (a log template's `tpl:` id), else null. */
  evidenceId: z.string().nullable(),
  /** Points in the store before downsampling. */
  sourcePoints: z.number().int().nonnegative(),
});
export type ChartSeries = z.infer<typeof ChartSeries>;

/** A vertical marker: the incident time, an alert or a change, with its evidence id. */
export const ChartMarker = z.object({
  kind: z.enum(['incident', 'alert', 'change', 'event']),
  time: z.number(),
  label: z.string(),
  evidenceId: z.string().nullable(),
});
export type ChartMarker = z.infer<typeof ChartMarker>;

export const chartKinds = ['metric', 'requests', 'errors', 'latency', 'logs', 'edge', 'fan_out'] as const;

export const Chart = z.object({
  /** Stable within one entity: `metric:<name>`, `requests`, `errors`, `latency`, `logs`, `edge:<caller>-><callee>`, `fan_out`. */
  id: z.string(),
  kind: z.enum(chartKinds),
  title: z.string(),
  unit: z.string(),
  series: z.array(ChartSeries),
});
export type Chart = z.infer<typeof Chart>;

/** One span of the exemplar trace, laid out for a waterfall. */
export const WaterfallSpan = z.object({
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  entity: z.string(),
  name: z.string(),
  start: z.number(),
  durationMs: z.number(),
  status: z.string(),
  depth: z.number().int().nonnegative(),
  /** The slow or failing span of the selected entity the trace was chosen for. */
  isMarked: z.boolean(),
  /** `span:<line>`: the evidence id a packet would cite for this span. */
  evidenceId: z.string(),
});
export type WaterfallSpan = z.infer<typeof WaterfallSpan>;

export const ExemplarTrace = z.object({
  traceId: z.string(),
  /** Why this trace: the entity's failing span, else its slowest in the window. */
  reason: z.string(),
  spans: z.array(WaterfallSpan),
  /** Spans left out of a very large trace. */
  omittedSpans: z.number().int().nonnegative(),
});
export type ExemplarTrace = z.infer<typeof ExemplarTrace>;

/** Where a cited evidence item is on the charts: a point of a series, a marker or a span. */
export const ChartCitation = z.object({
  evidenceId: z.string(),
  chartId: z.string().nullable(),
  /** The series the point belongs to; null: a marker across the chart. */
  series: z.string().nullable(),
  time: z.number(),
  value: z.number().nullable(),
  /** The waterfall span the id names, when it is in the exemplar trace. */
  spanId: z.string().nullable(),
  summary: z.string(),
});
export type ChartCitation = z.infer<typeof ChartCitation>;

/** Everything the inspector draws for one entity (the `evidence.charts` IPC output). */
export const EntityCharts = z.object({
  entity: z.string(),
  /** The range drawn: the baseline before the window, then the window (epoch ms). */
  range: z.object({ start: z.number(), end: z.number() }),
  incidentTime: z.number().nullable(),
  charts: z.array(Chart),
  markers: z.array(ChartMarker),
  trace: ExemplarTrace.nullable(),
  /** Each evidence item of the node's packet that a chart shows, by id. */
  citations: z.array(ChartCitation),
  /** Why nothing is drawn (a replayed ledger has no evidence store), else null. */
  unavailable: z.string().nullable(),
});
export type EntityCharts = z.infer<typeof EntityCharts>;

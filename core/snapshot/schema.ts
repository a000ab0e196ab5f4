import { z } from 'zod';

/**
 * The native snapshot bundle, version 1 (design.md §5). Timestamps are ISO-8601 with a zone
 * or epoch milliseconds; readers normalise them to epoch ms. Unknown fields are kept.
 */
export const Timestamp = z.union([z.string().min(1), z.number().finite()]);

const Window = z.object({ start: Timestamp, end: Timestamp });

/**
 * A gap in the capture a bundle was converted from (optional, added after version 1 shipped;
 * readers that do not know it ignore it): `file` is the source file or folder that was
 * missing, relative to the dataset root; `message` says what is missing and what the
 * converter did instead (e.g. derived the baseline from other minutes).
 */
export const ConversionWarning = z.looseObject({
  file: z.string().optional(),
  message: z.string().min(1),
});
export type ConversionWarning = z.infer<typeof ConversionWarning>;

export const SnapshotManifest = z.looseObject({
  format: z.literal('eog-snapshot'),
  version: z.literal(1),
  name: z.string().min(1),
  description: z.string().optional(),
  incidentTime: Timestamp.optional(),
  window: Window.optional(),
  baseline: Window.optional(),
  /**
   * The normal period of the metrics, when it differs from `baseline` (optional, added in
   * round 9; readers that do not know it compare metrics with `baseline`): a capture whose
   * traces and logs exist only around its incidents still has every minute of its metrics,
   * and the minutes just before the incident are the normal the incident departed from.
   */
  metricBaseline: Window.optional(),
  source: z.looseObject({ kind: z.string() }).optional(),
  /** Gaps the converter found in the source capture; absent when there were none. */
  warnings: z.array(ConversionWarning).optional(),
});
export type SnapshotManifest = z.infer<typeof SnapshotManifest>;

export const AlertRecord = z.looseObject({
  name: z.string().min(1),
  entity: z.string().min(1),
  severity: z.string().min(1),
  startsAt: Timestamp,
  endsAt: Timestamp.optional(),
  summary: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
export type AlertRecord = z.infer<typeof AlertRecord>;

export const EventRecord = z.looseObject({
  time: Timestamp,
  entity: z.string().min(1),
  type: z.enum(['Normal', 'Warning']),
  reason: z.string(),
  message: z.string(),
  count: z.number().int().nonnegative().optional(),
});
export type EventRecord = z.infer<typeof EventRecord>;

export const LogRecord = z.looseObject({
  time: Timestamp,
  entity: z.string().min(1),
  severity: z.string().optional(),
  body: z.string(),
  traceId: z.string().optional(),
  spanId: z.string().optional(),
  attrs: z.record(z.string(), z.unknown()).optional(),
});
export type LogRecord = z.infer<typeof LogRecord>;

export const MetricRecord = z.looseObject({
  time: Timestamp,
  entity: z.string().min(1),
  name: z.string().min(1),
  value: z.number(),
  unit: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
export type MetricRecord = z.infer<typeof MetricRecord>;

export const SpanRecord = z.looseObject({
  traceId: z.string().min(1),
  spanId: z.string().min(1),
  parentSpanId: z.string().optional(),
  entity: z.string().min(1),
  name: z.string(),
  start: Timestamp,
  durationMs: z.number().nonnegative(),
  status: z.enum(['ok', 'error', 'unset']),
  statusMessage: z.string().optional(),
  kind: z.string().optional(),
});
export type SpanRecord = z.infer<typeof SpanRecord>;

export const ChangeRecord = z.looseObject({
  time: Timestamp,
  entity: z.string().min(1),
  kind: z.enum(['config', 'deploy', 'scale', 'image', 'feature_flag', 'other']),
  summary: z.string(),
  diff: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })).optional(),
  actor: z.string().optional(),
});
export type ChangeRecord = z.infer<typeof ChangeRecord>;

/** Record files of a bundle: base name → schema. Each may be `.jsonl` or `.jsonl.gz`. */
export const recordFiles = {
  alerts: AlertRecord,
  events: EventRecord,
  logs: LogRecord,
  metrics: MetricRecord,
  spans: SpanRecord,
  changes: ChangeRecord,
} as const;
export type RecordFileName = keyof typeof recordFiles;

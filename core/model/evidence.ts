import { z } from 'zod';

export const evidenceKinds = ['alert', 'event', 'log', 'metric', 'span', 'change'] as const;
export const EvidenceKind = z.enum(evidenceKinds);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

/**
 * Who produced an evidence item. `raw` is a record as captured; the others are derived
 * signals. `analyst` and `llm_inferred` are never hard evidence (design.md §4).
 */
export const extractors = [
  'raw',
  'log_template',
  'metric_anomaly',
  'trace_edge',
  'trace_fanout',
  'k8s_diff',
  'failure_event',
  'synthesised_alert',
  'analyst',
  'llm_inferred',
] as const;
export const Extractor = z.enum(extractors);

/**
 * Id prefix of a metric series the detector found normal (`series:<entity>:<metric>`; an
 * anomalous one is `anomaly:…`): shown for context, never a citable fault.
 */
export const NORMAL_SERIES_PREFIX = 'series:';
export type Extractor = z.infer<typeof Extractor>;

export const Provenance = z.object({
  /** Source file relative to the snapshot root (or a data-source name). */
  file: z.string(),
  /** 1-based line or record number; null for derived items that summarise many lines. */
  line: z.number().int().positive().nullable(),
  sha256: z.string(),
  extractor: Extractor,
});
export type Provenance = z.infer<typeof Provenance>;

/** Structured facts a derived signal carries, so policies need not parse summaries. */
/** What a metric measures: the quantity, and how (docs/formats.md "Metric meaning"). */
export const MetricQuantity = z.enum(['cpu', 'memory', 'requests', 'errors', 'latency', 'saturation', 'network', 'disk', 'restarts']);
export type MetricQuantity = z.infer<typeof MetricQuantity>;
export const MetricMeasure = z.enum(['usage', 'share', 'free', 'capacity', 'pressure', 'rate', 'duration', 'count', 'success']);
export type MetricMeasure = z.infer<typeof MetricMeasure>;
export const MetricMeaning = z.object({
  quantity: MetricQuantity,
  measure: MetricMeasure,
  /** A share in percent (100) or as a fraction (1), when the unit says which. */
  scale: z.union([z.literal(1), z.literal(100)]).optional(),
  /** `host`: a machine's metric (every process on it); `part`: a part of a process (its heap, its collector). */
  scope: z.enum(['host', 'part']).optional(),
  /** A counter's running total: its level is history, only its rate is news. */
  cumulative: z.literal(true).optional(),
});
export type MetricMeaning = z.infer<typeof MetricMeaning>;

export const EvidenceDetail = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('alert'),
    name: z.string(),
    severity: z.string(),
    startsAt: z.number(),
    endsAt: z.number().nullable(),
  }),
  z.object({
    type: z.literal('event'),
    reason: z.string(),
    eventType: z.string(),
    count: z.number(),
    isFailure: z.boolean(),
  }),
  z.object({
    type: z.literal('change'),
    changeKind: z.string(),
    diff: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })),
    actor: z.string().nullable(),
  }),
  z.object({
    type: z.literal('log'),
    severity: z.string().nullable(),
  }),
  z.object({
    type: z.literal('log_template'),
    template: z.string(),
    windowCount: z.number(),
    baselineCount: z.number(),
    /** window rate / baseline rate, both per minute; null when the baseline has none. */
    rateRatio: z.number().nullable(),
    isNew: z.boolean(),
    /** Seen in the baseline but absent in the window: a code path that stopped running. */
    isGone: z.boolean(),
    isError: z.boolean(),
    /** −log10 p of the window count given the baseline rate (Poisson): how unusual the change is. */
    surprise: z.number().optional(),
    /** The entity's overall log-rate ratio the expectation was scaled by (1 = not scaled). */
    volumeRatio: z.number().optional(),
    /** One line as logged (window line preferred), with what the template masked. */
    example: z.string().optional(),
    /**
     * This statement ran in (nearly) every request span that ran `before` in the baseline and
     * now often does not: the code between the two fails or returns early.
     */
    sequence: z
      .object({
        before: z.string(),
        baselineSpans: z.number(),
        baselineFollowed: z.number(),
        windowSpans: z.number(),
        windowFollowed: z.number(),
        /** −log10 of the binomial probability of so few follow-ups at the baseline's rate. */
        surprise: z.number(),
      })
      .optional(),
    /**
     * For a statement the window shows much less of: the operations (names of the entity's own
     * spans) a sample of its baseline lines ran in, with the entity's spans of each per period.
     * A statement gone because its operation stopped arriving tells of the input, not the code.
     */
    operations: z.array(z.object({ name: z.string(), window: z.number(), baseline: z.number() })).optional(),
  }),
  z.object({
    type: z.literal('metric_anomaly'),
    metric: z.string(),
    windowValue: z.number(),
    baselineMedian: z.number(),
    baselineMad: z.number(),
    z: z.number(),
    direction: z.enum(['up', 'down']),
    /** Relative change against the baseline median, e.g. 0.3 for +30 %. */
    change: z.number().nullable(),
    /**
     * The entity's limit for this resource in the metric's unit (a CPU or memory usage against
     * the container limits the topology declares); absent when none is known or the units differ.
     */
    limit: z.number().positive().optional(),
    /** The unit the capture states (UCUM, a Prometheus suffix's base unit, a Kubernetes quantity). */
    unit: z.string().optional(),
    /** What the metric measures (core/signals/metrics/meaning.ts); absent when neither unit nor name says. */
    meaning: MetricMeaning.optional(),
  }),
  z.object({
    type: z.literal('trace_edge'),
    caller: z.string(),
    callee: z.string(),
    windowCalls: z.number(),
    baselineCalls: z.number(),
    windowErrorRate: z.number(),
    baselineErrorRate: z.number(),
    windowP95Ms: z.number(),
    baselineP95Ms: z.number(),
    /**
     * Medians: a fault that began shortly before the incident time leaks a few slow calls into
     * the baseline, which moves its p95 but not its median.
     */
    windowP50Ms: z.number().optional(),
    baselineP50Ms: z.number().optional(),
    /** Calls per minute in the window over calls per minute in the baseline; null without a baseline. */
    callRateRatio: z.number().nullable().optional(),
    /** Median caller-side overhead (parent span minus child span), where network delay shows. */
    windowGapP50Ms: z.number().optional(),
    baselineGapP50Ms: z.number().optional(),
    /** 95th percentile of the same overhead: a link that delays some calls (a queue, retransmits) moves it first. */
    windowGapP95Ms: z.number().optional(),
    baselineGapP95Ms: z.number().optional(),
    /**
     * The instances (pods) the calls ran between, when the packet names the edge by the services
     * the investigation walks: a delay shared by one instance's calls to several others is its own.
     */
    callerInstance: z.string().optional(),
    calleeInstance: z.string().optional(),
    /** The topology does not have this caller→callee edge; spans show it. */
    isDiscovered: z.boolean(),
    /**
     * The caller's own error spans whose status message names this callee ("HTTP 500 from X",
     * "call to X failed"): window and baseline counts, and one message as written (hostile text).
     */
    attributedTo: z.array(z.object({ entity: z.string(), count: z.number(), baselineCount: z.number(), example: z.string() })).optional(),
  }),
  z.object({
    type: z.literal('fan_out'),
    /** The instance whose spans these are (the packet may name the node by its service). */
    entity: z.string(),
    /** Requests it served (its root spans and the calls into it) and calls it made for them, per period. */
    windowServed: z.number(),
    baselineServed: z.number(),
    windowCalls: z.number(),
    baselineCalls: z.number(),
    /** Calls per request in the window over the baseline's. */
    ratio: z.number(),
    /** −log10 p of the window's calls given the baseline's calls per request (Poisson lower tail). */
    surprise: z.number(),
    /**
     * One of its operations stopped part-way: calls it made once in (nearly) every span in the
     * baseline are missing from many window spans, while the calls before them are still made.
     */
    stopped: z
      .object({
        /** The operation (span name) whose spans stopped part-way. */
        operation: z.string(),
        /** The calls no longer made, as "entity operation", most surprising first. */
        missing: z.array(z.string()),
        /** A call still made as often as before (the path runs up to it). */
        kept: z.string(),
        baselineSpans: z.number(),
        windowSpans: z.number(),
        /** Spans of the operation that made the most surprising missing call, per period. */
        baselineCalls: z.number(),
        windowCalls: z.number(),
        /** −log10 p of so few window calls at the baseline's share (binomial lower tail, the share capped at 98 %). */
        surprise: z.number(),
      })
      .optional(),
  }),
  z.object({ type: z.literal('span'), status: z.string(), durationMs: z.number() }),
  z.object({ type: z.literal('metric'), metric: z.string(), value: z.number() }),
]);
export type EvidenceDetail = z.infer<typeof EvidenceDetail>;

export const EvidenceItem = z.object({
  /** Deterministic: the same snapshot always yields the same ids. */
  id: z.string(),
  entity: z.string(),
  kind: EvidenceKind,
  /** Epoch milliseconds of the record, or of the start of the signal. */
  time: z.number(),
  summary: z.string(),
  /** Ranking weight assigned by the store; higher first. */
  score: z.number(),
  detail: EvidenceDetail,
  provenance: Provenance,
});
export type EvidenceItem = z.infer<typeof EvidenceItem>;

export function isHardEvidence(item: Pick<EvidenceItem, 'provenance'>): boolean {
  return item.provenance.extractor !== 'llm_inferred' && item.provenance.extractor !== 'analyst';
}

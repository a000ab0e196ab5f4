/**
 * Derived signals: pure, deterministic, streaming algorithms that turn raw snapshot records
 * into the structured facts carried by evidence details (design.md §4, core/model/evidence.ts).
 * The evidence store feeds rows one by one and finalises; nothing here touches I/O.
 */
export { SignalOptionError, SignalInputError } from './errors.js';

// Log templates (Drain) and window-vs-baseline comparison.
export { maskLine, maskToken, tokenizeLine, WILDCARD, type TokenizeOptions } from './logs/mask.js';
export { TemplateMiner, OVERFLOW_TEMPLATE_ID, type TemplateMinerOptions, type LogTemplate, type TemplateLookup } from './logs/drain.js';
export { isErrorSeverity, hasErrorKeyword } from './logs/severity.js';
export { TemplateCountTable, type LogPeriod, type TemplateCountRow } from './logs/counts.js';
export {
  SpanTemplatePairs,
  brokenSequences,
  countSpanTemplates,
  MAX_TEMPLATES_PER_SPAN,
  type BrokenSequence,
  type EntitySpanCounts,
  type SpanPairOptions,
} from './logs/span-pairs.js';
export {
  compareTemplateCounts,
  type LogTemplateDetail,
  type PeriodDurations,
  type TemplateComparison,
  type TemplateComparisonOptions,
} from './logs/compare.js';

// Metric anomalies (robust z-score).
export { detectMetricAnomaly, type MetricAnomalyDetail, type MetricAnomalyOptions, type MetricAnomalyResult } from './metrics/anomaly.js';
export { describeMetricShift } from './metrics/describe.js';
export { metricMeaning, type MetricMeaning, type MetricMeasure, type MetricQuantity } from './metrics/meaning.js';
export {
  COLLECTOR_LIMIT_METRICS,
  LIMIT_ATTRS,
  limitSeriesResource,
  podLimitAttrs,
  usageLimit,
  type ContainerLimit,
} from './metrics/limits.js';
export {
  MetricSeriesCollector,
  type MetricAnomaly,
  type MetricCollectorOptions,
  type MetricPeriods,
  type TimeRange,
} from './metrics/collector.js';

// Trace edges and per-entity span summaries.
export {
  TraceEdgeAggregator,
  byText,
  type SpanInput,
  type SpanPeriod,
  type TraceAggregatorOptions,
  type TraceAggregation,
  type OperationCalls,
  type TraceEdgeSummary,
  type EntitySpanSummary,
  type PeriodSpanStats,
  type KnownEdge,
  CLIENT_SPAN_KINDS,
} from './traces/aggregator.js';
export { LATENCY_SKETCH } from './traces/period-stats.js';
export { toTraceEdgeDetail, type TraceEdgeDetail } from './traces/detail.js';
export { calleesNamed, type EntityStatusMessages, type StatusMessageCount } from './traces/status-messages.js';
export { delayThresholds, gapGrowth, isDelayedEdge, isTailOnlyDelay } from './traces/delayed.js';
export {
  fanOutShifts,
  fanOutThresholds,
  isFewerCalls,
  isFewerCallsPerRequest,
  stoppedThresholds,
  type FanOutDetail,
} from './traces/fan-out.js';

// Kubernetes object diffs, change and event classification.
export { diffObjects, type DiffEntry, type DiffOptions } from './k8s/diff.js';
export { classifyChange, type ChangeKind } from './k8s/classify-change.js';
export { classifyEvent, CHRONIC_FAILURE_COUNT, type EventCategory, type EventClassification } from './k8s/classify-event.js';

// Statistics helpers, exported for benchmarks and for the heuristic policy.
export { median, medianAbsoluteDeviation } from './stats/robust.js';
export { poissonUpperTailLog10, poissonLowerTailLog10 } from './stats/poisson.js';
export { binomialLowerTailSurprise, binomialUpperTailSurprise } from './stats/binomial.js';
export { QuantileSketch, bucketKey, bucketValue, sketchGamma, SKETCH_ZERO } from './stats/quantile.js';

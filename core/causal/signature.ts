import type { EvidenceItem } from '../model/index.js';
import { isFewerCalls } from '../signals/index.js';
import type { CompiledKnowledge, CompiledIndicator } from './compile.js';
import type { IndicatorSource } from './knowledge-schema.js';

/** What an indicator is matched against: one evidence item reduced to its kind's identifying text. */
export interface Signature {
  source: IndicatorSource;
  text: string;
  direction: 'up' | 'down' | null;
  isError: boolean;
}

/**
 * What makes a call edge's facet abnormal, in the words an SRE pages on (the same numbers as the
 * heuristic's thresholds.ts): latency doubled and 30 ms slower; errors up 5 points; traffic up 20 %.
 */
export const EDGE_FACETS = { latencyRatio: 2, latencyDeltaMs: 30, errorRateDelta: 0.05, surgeRatio: 1.2 } as const;

function isSlower(window: number | undefined, baseline: number | undefined): boolean {
  if (window === undefined || baseline === undefined) return false;
  return window >= baseline * EDGE_FACETS.latencyRatio && window - baseline >= EDGE_FACETS.latencyDeltaMs;
}

const ERROR_WORDS = /\b(error|exception|fail(ed|ure)?|fatal|panic|refused|timeout|timed out|unavailable)\b/i;

/** The item's signature, or null for raw records that carry no identifying kind (a single span, a raw metric point). */
export function signatureOf(item: Pick<EvidenceItem, 'kind' | 'summary' | 'detail'>): Signature | null {
  const d = item.detail;
  switch (d.type) {
    case 'alert':
      return { source: 'alert', text: d.name, direction: null, isError: false };
    case 'log_template':
      return { source: 'log', text: d.template, direction: d.isGone ? 'down' : 'up', isError: d.isError };
    case 'log':
      return {
        source: 'log',
        text: item.summary,
        direction: null,
        isError: /^(error|fatal|critical)/i.test(d.severity ?? '') || ERROR_WORDS.test(item.summary),
      };
    case 'metric_anomaly':
      return { source: 'metric', text: d.metric, direction: d.direction, isError: false };
    case 'event':
      return { source: 'event', text: `${d.reason} ${d.eventType}`, direction: null, isError: d.isFailure };
    case 'change':
      return { source: 'change', text: [d.changeKind, ...d.diff.map((p) => p.path)].join(' '), direction: null, isError: false };
    case 'trace_edge': {
      // The facets an SRE reads off a call edge: more errors than its baseline, slower than its baseline.
      const facets = [
        d.windowErrorRate - d.baselineErrorRate >= EDGE_FACETS.errorRateDelta ? 'error_rate' : '',
        isSlower(d.windowP95Ms, d.baselineP95Ms) || isSlower(d.windowP50Ms, d.baselineP50Ms) ? 'latency' : '',
        (d.callRateRatio ?? 0) >= EDGE_FACETS.surgeRatio ? 'call_rate' : '',
      ].filter(Boolean);
      return facets.length === 0
        ? null
        : { source: 'trace', text: facets.join(' '), direction: 'up', isError: facets.includes('error_rate') };
    }
    case 'fan_out':
      // Fewer calls per request: a code path that stopped making them.
      return isFewerCalls(d) ? { source: 'trace', text: 'fan_out', direction: 'down', isError: false } : null;
    default:
      return null;
  }
}

function matches(indicator: CompiledIndicator, signature: Signature): boolean {
  if (indicator.source !== signature.source) return false;
  if (indicator.direction !== undefined && indicator.direction !== signature.direction) return false;
  if (indicator.error !== undefined && indicator.error !== signature.isError) return false;
  return indicator.regex === null || indicator.regex.test(signature.text);
}

/** The anomaly types the item can indicate, in the knowledge's order. */
export function typesIndicatedBy(knowledge: CompiledKnowledge, item: Pick<EvidenceItem, 'kind' | 'summary' | 'detail'>): string[] {
  const signature = signatureOf(item);
  if (signature === null) return [];
  const out: string[] = [];
  for (const type of knowledge.types.values()) if (type.indicators.some((i) => matches(i, signature))) out.push(type.id);
  return out;
}

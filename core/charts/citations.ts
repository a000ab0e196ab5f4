import type { EvidenceItem } from '../model/index.js';
import type { Chart, ChartCitation, ExemplarTrace } from './schema.js';

interface Place {
  chartId: string | null;
  series: string | null;
  value: number | null;
}

function seriesOf(charts: readonly Chart[], chartId: string, evidenceId?: string): Place | null {
  const chart = charts.find((c) => c.id === chartId);
  if (!chart) return null;
  const series = (evidenceId ? chart.series.find((s) => s.evidenceId === evidenceId) : undefined) ?? chart.series[0];
  return { chartId, series: series?.name ?? null, value: null };
}

/** The chart (and series and value) an evidence item's number is drawn on. */
function placeOf(item: EvidenceItem, charts: readonly Chart[]): Place {
  const d = item.detail;
  const across: Place = { chartId: null, series: null, value: null };
  switch (d.type) {
    case 'metric_anomaly': {
      const at = seriesOf(charts, `metric:${d.metric}`);
      return at ? { ...at, value: d.windowValue } : across;
    }
    case 'metric': {
      const at = seriesOf(charts, `metric:${d.metric}`);
      return at ? { ...at, value: d.value } : across;
    }
    case 'log_template':
      return seriesOf(charts, 'logs', item.id) ?? across;
    case 'trace_edge': {
      const at = seriesOf(charts, `edge:${d.caller}->${d.callee}`);
      if (at) return { ...at, series: null, value: d.windowP95Ms };
      const latency = seriesOf(charts, 'latency');
      return latency ? { ...latency, series: null, value: d.windowP95Ms } : across;
    }
    case 'fan_out': {
      // The window's calls per request, on the chart of calls per request (the request rate without it).
      const at = seriesOf(charts, 'fan_out');
      if (at) return { ...at, value: d.windowServed > 0 ? d.windowCalls / d.windowServed : null };
      return seriesOf(charts, 'requests') ?? across;
    }
    case 'span': {
      const latency = seriesOf(charts, 'latency');
      return latency ? { ...latency, series: null, value: d.durationMs } : across;
    }
    case 'log':
      return seriesOf(charts, 'logs') ? { chartId: 'logs', series: null, value: null } : across;
    case 'alert':
    case 'event':
    case 'change':
      return across;
  }
}

/**
 * Where each evidence item of a packet is on the charts, so a cited id can be found: a point
 * of a series (a metric value, a template's count), a point on the latency chart (a span, an
 * edge's p95), a span of the exemplar trace, or a marker across every chart (alerts, events,
 * changes, and anything whose chart is not drawn). Every item gets a place.
 */
export function citationsFor(items: readonly EvidenceItem[], charts: readonly Chart[], trace: ExemplarTrace | null): ChartCitation[] {
  return items.map((item) => {
    const place = placeOf(item, charts);
    const span = trace?.spans.find((s) => s.evidenceId === item.id);
    return {
      evidenceId: item.id,
      ...place,
      time: span?.start ?? item.time,
      spanId: span?.spanId ?? null,
      summary: item.summary,
    };
  });
}

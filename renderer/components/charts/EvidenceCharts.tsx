import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TimeZoneChoice } from '../../../core/time/index.js';
import { useWorkbench } from '../../store/context.js';
import type { EntityCharts } from '../../../core/charts/index.js';
import type { Client } from '../../../core/ipc/index.js';
import { errorMessage } from '../../store/session-slice.js';
import { highlightOn } from './align.js';
import { TimeChart } from './TimeChart.js';
import { Waterfall } from './Waterfall.js';

type Loaded = { key: string; data: EntityCharts } | { key: string; error: string };

/** Points per series the main process downsamples to (about one per pixel of a side-panel chart). */
const CHART_POINTS = 360;
/** Narrowest a chart is drawn; the side panel's own minimum keeps it wider. */
const MIN_WIDTH = 240;

/** The width the charts fill, in steps of 10 px so that dragging the split redraws them seldom. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(CHART_POINTS);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const measure = (): void => {
      const w = el.clientWidth;
      if (w > 0) setWidth(Math.max(MIN_WIDTH, Math.floor(w / 10) * 10));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The selected entity's evidence, drawn: metrics, request and error rate, latency percentiles
 * and log templates with their baseline bands and markers, call edges caller vs callee side,
 * and an exemplar trace. `highlight` is a cited evidence id: its point, line or span is marked.
 * `version` refetches (a new step may have built a new packet).
 */
export function EvidenceCharts({
  client,
  node,
  version,
  highlight,
}: {
  client: Client;
  node: string;
  version: number;
  highlight: string | null;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const section = useRef<HTMLElement>(null);
  const width = useWidth(section);
  const zone = useWorkbench((s) => s.timeZone);
  const key = `${node}\u0000${version}`;

  useEffect(() => {
    let isCurrent = true;
    client.invoke('evidence.charts', { node, width: CHART_POINTS }).then(
      (data) => isCurrent && setLoaded({ key, data }),
      (error: unknown) => isCurrent && setLoaded({ key, error: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, node, key]);

  useEffect(() => {
    if (!highlight) return;
    const target = section.current?.querySelector('[data-highlighted="true"]');
    if (target instanceof HTMLElement) target.scrollIntoView({ block: 'nearest' });
  }, [highlight, loaded]);

  const current = loaded && loaded.key.startsWith(`${node}\u0000`) ? loaded : null;
  return (
    <section
      className="evidence-charts"
      aria-label="Evidence charts"
      ref={section}
      data-ready={current && 'data' in current ? 'true' : 'false'}
    >
      <h3>Evidence charts</h3>
      {!current && <p className="muted">Loading charts…</p>}
      {current && 'error' in current && <p className="error">{current.error}</p>}
      {current && 'data' in current && <ChartsView data={current.data} highlight={highlight} width={width} zone={zone} />}
    </section>
  );
}

function ChartsView({
  data,
  highlight,
  width,
  zone,
}: {
  data: EntityCharts;
  highlight: string | null;
  width: number;
  zone: TimeZoneChoice;
}) {
  if (data.unavailable) return <p className="muted">{data.unavailable}</p>;
  if (data.charts.length === 0 && !data.trace)
    return <p className="muted">No metrics, spans or logs of this entity in the snapshot window.</p>;
  const cited = highlight ? data.citations.find((c) => c.evidenceId === highlight) : undefined;
  return (
    <>
      <p className="muted legend-note">
        Shaded: baseline band (median ± 3 MAD before the incident). Dashed red: incident; orange: alerts; violet: changes.
        {cited && (
          <span data-testid="chart-citation">
            {' '}
            Showing <span className="mono">{cited.evidenceId}</span>
            {cited.value !== null ? ` = ${cited.value.toFixed(2)}` : ''}.
          </span>
        )}
      </p>
      {data.charts.map((chart) => {
        const values = data.citations.filter((c) => c.chartId === chart.id && c.value !== null).map((c) => c.value as number);
        return (
          <TimeChart
            key={chart.id}
            chart={chart}
            markers={data.markers}
            highlight={highlightOn(chart.id, highlight, data.citations, data.markers)}
            citedMax={values.length > 0 ? Math.max(...values) : 0}
            width={width}
            zone={zone}
          />
        );
      })}
      {data.trace && <Waterfall trace={data.trace} highlight={highlight} />}
    </>
  );
}

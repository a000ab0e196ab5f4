import type { ExemplarTrace } from '../../../core/charts/index.js';
import { showControls } from '../../../core/text/index.js';

/**
 * The exemplar trace as a waterfall: one row per span, indented by depth, a bar from its start
 * for its duration. The span the trace was chosen for is marked; a highlighted evidence id
 * (`span:<line>`) rings its row. Names are snapshot text, rendered as text.
 */
export function Waterfall({ trace, highlight }: { trace: ExemplarTrace; highlight: string | null }) {
  const start = Math.min(...trace.spans.map((s) => s.start));
  const end = Math.max(...trace.spans.map((s) => s.start + s.durationMs));
  const span = Math.max(1, end - start);
  return (
    <figure className="waterfall" aria-label="Exemplar trace">
      <figcaption>
        Exemplar trace <span className="mono">{trace.traceId}</span> <span className="muted">— {trace.reason}</span>
        {trace.omittedSpans > 0 && <span className="muted"> (+{trace.omittedSpans} spans left out)</span>}
      </figcaption>
      <ol className="plain">
        {trace.spans.map((s) => {
          const cls = [
            'span-row',
            s.isMarked ? 'marked' : '',
            s.status === 'error' ? 'failed' : '',
            highlight === s.evidenceId ? 'highlighted' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={s.spanId}
              className={cls}
              data-evidence-id={s.evidenceId}
              data-marked={s.isMarked ? 'true' : undefined}
              data-highlighted={highlight === s.evidenceId ? 'true' : undefined}
              title={`${s.evidenceId} · ${s.durationMs.toFixed(1)} ms · ${s.status}`}
            >
              <span className="span-name" style={{ paddingLeft: `${s.depth * 10}px` }}>
                {showControls(s.entity)} <span className="muted">{showControls(s.name)}</span>
              </span>
              <span className="span-track">
                <span
                  className="span-bar"
                  style={{ left: `${((s.start - start) / span) * 100}%`, width: `${Math.max(0.5, (s.durationMs / span) * 100)}%` }}
                />
              </span>
              <span className="span-ms">{s.durationMs.toFixed(1)} ms</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

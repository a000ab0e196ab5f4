import { useEffect, useId, useMemo, useRef } from 'react';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { useWorkbench } from '../store/context.js';
import { describeEvent, describeWindow } from './timeline-text.js';
import { showControls } from '../../core/text/index.js';

/** Rows rendered around the current position; the slider reaches the rest. */
const WINDOW = 150;

interface Row {
  seq: number;
  text: string;
  kind: LedgerEvent['type'];
}

function visibleRows(rows: readonly Row[], seq: number): Row[] {
  const at = rows.findLastIndex((r) => r.seq <= seq);
  const start = Math.max(0, Math.min(at - WINDOW / 2, rows.length - WINDOW));
  return rows.slice(start, start + WINDOW);
}

/**
 * The ledger as a scrubbable timeline: the slider and the list both move the view to the state
 * right after an event (the backend folds the ledger up to it); the graph follows.
 */
export function Timeline() {
  const ledger = useWorkbench((s) => s.ledger);
  const seq = useWorkbench((s) => s.investigation?.seq ?? -1);
  const isRunning = useWorkbench((s) => s.investigation?.status === 'running' || s.pending !== null);
  const seek = useWorkbench((s) => s.seek);
  const zone = useWorkbench((s) => s.timeZone);
  const sliderId = useId();
  const current = useRef<HTMLButtonElement>(null);
  const rows = useMemo(
    () =>
      ledger.flatMap((e): Row[] => {
        const text = describeEvent(e, zone);
        return text === null ? [] : [{ seq: e.seq, text, kind: e.type }];
      }),
    [ledger, zone],
  );
  const started = ledger[0]?.type === 'InvestigationStarted' ? ledger[0].bootstrap : null;
  const head = ledger.length > 0 ? (ledger[ledger.length - 1] as LedgerEvent).seq : -1;
  const shown = visibleRows(rows, seq);
  const currentSeq = rows.findLast((r) => r.seq <= seq)?.seq ?? null;

  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest' });
  }, [currentSeq]);

  if (head < 0) return null;
  return (
    <section className="timeline" aria-label="Timeline" data-seq={seq} data-head={head}>
      <div className="timeline-head">
        <label htmlFor={sliderId}>Ledger position</label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={head}
          step={1}
          value={Math.max(0, seq)}
          disabled={isRunning}
          onChange={(e) => void seek(e.currentTarget.valueAsNumber)}
        />
        <span className="muted">
          {seq} / {head}
          {seq < head ? ' (replay)' : ''}
        </span>
        {started && (
          <span className="timeline-window" data-testid="timeline-window">
            {describeWindow(started, zone)}
          </span>
        )}
      </div>
      <ol className="timeline-list">
        {shown.map((r) => (
          <li key={r.seq} className={`ev ev-${r.kind}`} data-seq={r.seq}>
            <button
              type="button"
              ref={r.seq === currentSeq ? current : undefined}
              aria-current={r.seq === currentSeq ? 'step' : undefined}
              disabled={isRunning}
              onClick={() => void seek(r.seq)}
            >
              <span className="ev-seq">{r.seq}</span> {showControls(r.text)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

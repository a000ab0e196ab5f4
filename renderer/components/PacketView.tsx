import { useEffect, useRef } from 'react';
import type { NodeInspection } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { showControls } from '../../core/text/index.js';

type Packet = NonNullable<NodeInspection['packet']>;

function provenanceText(p: Packet['evidence'][number]['provenance']): string {
  return showControls(`${p.file}${p.line === null ? '' : `:${p.line}`} · ${p.extractor}`);
}

/**
 * The context packet exactly as the policy saw it: size against its budget, what was left out,
 * the inbox and every evidence item with its provenance and the raw lines behind it. All of it
 * is snapshot text, rendered as text (React escapes it), its invisible characters shown (showControls).
 */
export function PacketView({
  packet,
  seq,
  rawLines,
  onShowEvidence,
  highlight = null,
}: {
  packet: Packet;
  seq: number | null;
  rawLines: NodeInspection['rawLines'];
  /** Marks the item on the evidence charts (the id becomes a button). */
  onShowEvidence?: (id: string) => void;
  highlight?: string | null;
}) {
  const linesOf = (id: string) => rawLines.filter((l) => l.evidenceId === id);
  // An evidence item picked in the hypothesis panel is highlighted and scrolled into view.
  const picked = useWorkbench((s) => s.selectedEvidence);
  const pickedRef = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    pickedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [picked, packet]);
  return (
    <section className="packet" aria-label="Context packet">
      <h3>Context packet{seq === null ? '' : ` (ledger #${seq})`}</h3>
      <p className="muted" data-testid="packet-size">
        {packet.tokenCount} / {packet.tokenBudget} tokens · {packet.evidence.length} evidence items · {packet.neighbours.length} neighbours
        {packet.omittedNeighbours > 0 ? ` (+${packet.omittedNeighbours} left out)` : ''}
      </p>
      {packet.omitted.length > 0 && (
        <>
          <h4>Left out</h4>
          <ul className="plain">
            {packet.omitted.map((o, i) => (
              <li key={i}>
                {o.count} {o.kind}: <span className="muted">{showControls(o.summary)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>Inbox ({packet.inbox.length})</h4>
      <ul className="plain">
        {packet.inbox.map((m, i) => (
          <li key={i}>
            from {showControls(m.from)}: <strong>{m.belief.label}</strong> <span className="muted">{showControls(m.belief.summary)}</span>
          </li>
        ))}
      </ul>
      <h4>Evidence ({packet.evidence.length})</h4>
      <ul className="plain evidence">
        {packet.evidence.map((e) => (
          <li
            key={e.id}
            data-evidence-id={e.id}
            className={picked === e.id ? 'picked' : undefined}
            ref={picked === e.id ? pickedRef : undefined}
          >
            <div>
              <span className="tag">{e.kind}</span>{' '}
              {onShowEvidence && (
                <button
                  type="button"
                  className="link cite"
                  aria-pressed={highlight === e.id}
                  title="Show on the evidence charts"
                  onClick={() => onShowEvidence(highlight === e.id ? '' : e.id)}
                >
                  {e.id}
                </button>
              )}{' '}
              {showControls(e.summary)}
            </div>
            <div className="muted prov">{provenanceText(e.provenance)}</div>
            {linesOf(e.id).map((l) => (
              <pre key={`${l.file}:${l.line}`} className="raw-line">
                {showControls(l.file)}:{l.line} {showControls(l.text)}
              </pre>
            ))}
          </li>
        ))}
      </ul>
      <details>
        <summary>Packet JSON</summary>
        <pre className="packet-json">{showControls(JSON.stringify(packet, null, 2))}</pre>
      </details>
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { Client, NodeInspection } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { errorMessage } from '../store/session-slice.js';

type Loaded = { node: string; data: NodeInspection } | { node: string; error: string };

/** Details of the selected node. Snapshot text is rendered as text only (React escapes it). */
export function Inspector({ client }: { client: Client }) {
  const selected = useWorkbench((s) => s.selectedNode);
  const investigation = useWorkbench((s) => s.investigation);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!selected) return;
    let isCurrent = true;
    client.invoke('node.inspect', { node: selected }).then(
      (data) => isCurrent && setLoaded({ node: selected, data }),
      (error: unknown) => isCurrent && setLoaded({ node: selected, error: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, selected, investigation]);

  if (!selected) {
    return (
      <aside className="inspector" aria-label="Inspector">
        <h2>Inspector</h2>
        <p className="muted">Select an entity in the graph to see its alerts, neighbours and belief.</p>
      </aside>
    );
  }
  const current = loaded?.node === selected ? loaded : null;
  return (
    <aside className="inspector" aria-label="Inspector">
      <h2 title={selected}>{selected}</h2>
      {!current && <p className="muted">Loading…</p>}
      {current && 'error' in current && <p className="error">{current.error}</p>}
      {current && 'data' in current && <InspectionView data={current.data} />}
    </aside>
  );
}

function InspectionView({ data }: { data: NodeInspection }) {
  return (
    <>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{data.entity.kind}</dd>
        <dt>Namespace</dt>
        <dd>{data.entity.namespace ?? '(cluster)'}</dd>
        <dt>Belief</dt>
        <dd>{data.belief ? `${data.belief.label} (${data.belief.confidence.toFixed(2)})` : 'not visited'}</dd>
      </dl>
      {data.belief && <p className="summary">{data.belief.summary}</p>}
      <h3>Alerts ({data.alerts.length})</h3>
      <ul className="plain">
        {data.alerts.map((a, i) => (
          <li key={i}>
            <strong>{a.name}</strong> <span className="muted">{a.severity}</span>
            {a.summary && <div className="muted">{a.summary}</div>}
          </li>
        ))}
      </ul>
      <h3>Neighbours ({data.neighbours.length})</h3>
      <ul className="plain">
        {data.neighbours.map((n, i) => (
          <li key={i}>
            <span className="muted">{n.direction === 'out' ? `${n.relation} →` : `← ${n.relation}`}</span> {n.id}
          </li>
        ))}
      </ul>
    </>
  );
}

import { useEffect, useState } from 'react';
import type { Client, NodeInspection } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { errorMessage } from '../store/session-slice.js';
import { BeliefHistory } from './BeliefHistory.js';
import { EvidenceCharts } from './charts/EvidenceCharts.js';
import { OverrideForm } from './OverrideForm.js';
import { PacketView } from './PacketView.js';

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
        <p className="muted">Select an entity in the graph to see its belief, the packet the policy saw, and its evidence.</p>
      </aside>
    );
  }
  const current = loaded?.node === selected ? loaded : null;
  const label = current && 'data' in current ? (current.data.belief?.label ?? 'unvisited') : 'loading';
  return (
    <aside className="inspector" aria-label="Inspector" data-node={selected} data-label={label}>
      <h2 title={selected}>{selected}</h2>
      {!current && <p className="muted">Loading…</p>}
      {current && 'error' in current && <p className="error">{current.error}</p>}
      {current && 'data' in current && <InspectionView key={selected} client={client} data={current.data} seq={investigation?.seq ?? -1} />}
    </aside>
  );
}

function InspectionView({ client, data, seq }: { client: Client; data: NodeInspection; seq: number }) {
  const belief = data.belief;
  // A cited evidence id the charts mark (chosen in the packet below).
  const [highlight, setHighlight] = useState<string | null>(null);
  return (
    <>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{data.entity.kind}</dd>
        <dt>Namespace</dt>
        <dd>{data.entity.namespace ?? '(cluster)'}</dd>
        <dt>Belief</dt>
        <dd data-testid="inspector-belief">
          {belief ? (
            <>
              <span className={`pill pill-${belief.label}`}>{belief.label}</span> {belief.confidence.toFixed(2)}
              {data.isPinned && <span className="human"> · human-asserted</span>}
            </>
          ) : (
            'not visited'
          )}
        </dd>
      </dl>
      {belief && <p className="summary">{belief.summary}</p>}
      <OverrideForm key={data.entity.id} node={data.entity.id} current={belief?.label ?? null} />
      {data.history.length > 0 && <BeliefHistory history={data.history} />}
      <EvidenceCharts client={client} node={data.entity.id} version={seq} highlight={highlight} />
      {data.packet && (
        <PacketView
          packet={data.packet}
          seq={data.packetSeq}
          rawLines={data.rawLines}
          onShowEvidence={(id) => setHighlight(id || null)}
          highlight={highlight}
        />
      )}
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

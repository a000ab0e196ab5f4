import { useEffect, useState } from 'react';
import type { Client, NodeInspection } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { errorMessage } from '../store/session-slice.js';
import { WalkNav } from './WalkNav.js';
import { BeliefHistory } from './BeliefHistory.js';
import { EvidenceCharts } from './charts/EvidenceCharts.js';
import { CodeView } from './CodeView.js';
import { OverrideForm } from './OverrideForm.js';
import { PacketView } from './PacketView.js';
import { showControls } from '../../core/text/index.js';

type Loaded = { node: string; data: NodeInspection } | { node: string; error: string };

/**
 * The Node tab: the chosen node named in its heading, its belief, then its evidence charts
 * (in view without scrolling), belief history, override, code, packet, alerts and neighbours.
 * Snapshot text is rendered as text only (React escapes it), its invisible characters shown (showControls).
 */
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
        <header className="inspector-head">
          <h2>Node</h2>
          <WalkNav />
        </header>
        <p className="muted">
          Choose an entity on the graph (or in the entity list), or press j to start at the first node the walk visited: its belief, its
          evidence charts, the packet the policy saw and its code show here.
        </p>
      </aside>
    );
  }
  const current = loaded?.node === selected ? loaded : null;
  const label = current && 'data' in current ? (current.data.belief?.label ?? 'unvisited') : 'loading';
  return (
    <aside className="inspector" aria-label="Inspector" data-node={selected} data-label={label}>
      <header className="inspector-head">
        <h2 title={showControls(selected)}>{showControls(selected)}</h2>
        <WalkNav />
      </header>
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
        <dd>{showControls(data.entity.kind)}</dd>
        <dt>Namespace</dt>
        <dd>{data.entity.namespace === null ? '(cluster)' : showControls(data.entity.namespace)}</dd>
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
      {belief && (
        <p className="summary" title={showControls(belief.summary)}>
          {showControls(belief.summary)}
        </p>
      )}
      <EvidenceCharts client={client} node={data.entity.id} version={seq} highlight={highlight} />
      {data.history.length > 0 && <BeliefHistory history={data.history} />}
      <OverrideForm key={data.entity.id} node={data.entity.id} current={belief?.label ?? null} />
      {data.code && <CodeView drill={data.code} />}
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
            <strong>{showControls(a.name)}</strong> <span className="muted">{showControls(a.severity)}</span>
            {a.summary && <div className="muted">{showControls(a.summary)}</div>}
          </li>
        ))}
      </ul>
      <h3>Neighbours ({data.neighbours.length})</h3>
      <ul className="plain">
        {data.neighbours.map((n, i) => (
          <li key={i}>
            <span className="muted">{n.direction === 'out' ? `${n.relation} →` : `← ${n.relation}`}</span> {showControls(n.id)}
          </li>
        ))}
      </ul>
    </>
  );
}

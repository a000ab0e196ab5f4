import type { CausalGraph } from '../../core/causal/schema.js';
import { useWorkbench } from '../store/context.js';
import { showControls } from '../../core/text/index.js';

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}

/**
 * The causal-graph layer beside the canvas (docs/causal-graph.md): the three metrics and the
 * interpretability score, the causal edges with their rationales, alerts no anomaly explains,
 * and every violation. All of it is the backend's projection of the ledger's fold.
 */
export function CausalGraphPanel() {
  const graph = useWorkbench((s) => s.investigation?.causalGraph);
  const view = useWorkbench((s) => s.graphView);
  const setView = useWorkbench((s) => s.setGraphView);
  if (!graph) return null;
  return (
    <section className="causal-graph" aria-label="Causality">
      <h2>Causal graph</h2>
      <Metrics graph={graph} />
      <p className="muted">
        knowledge {graph.knowledge.name} {graph.knowledge.version} · {graph.enforce ? 'enforced' : 'not enforced'} · {graph.nodes.length}{' '}
        anomalies, {graph.edges.length} edges
        {graph.withdrawn.nodes + graph.withdrawn.edges > 0 &&
          ` · withdrawn by revised beliefs: ${graph.withdrawn.nodes} anomalies, ${graph.withdrawn.edges} edges (kept in the ledger)`}
      </p>
      <button type="button" aria-pressed={view === 'causal'} onClick={() => setView(view === 'causal' ? 'operational' : 'causal')}>
        {view === 'causal' ? 'Show the operational graph' : 'Show on the canvas'}
      </button>
      <h3>Edges</h3>
      {graph.edges.length === 0 ? (
        <p className="muted">No causal edge yet.</p>
      ) : (
        <ul className="causal-edges">
          {graph.edges.map((e) => (
            <li key={`${e.from}->${e.to}`} data-from={e.from} data-to={e.to} title={showControls(e.evidence.join(', '))}>
              <span className="mono">{showControls(e.from)}</span> → <span className="mono">{showControls(e.to)}</span>
              <div className="muted">{showControls(e.rationale)}</div>
              {e.violation && <div className="violation">violates: {showControls(e.violation)}</div>}
            </li>
          ))}
        </ul>
      )}
      {graph.orphan_alerts.length > 0 && (
        <p data-testid="causal-orphans">Alerts no anomaly explains: {showControls(graph.orphan_alerts.join(', '))}</p>
      )}
      <h3>Violations</h3>
      {graph.violations.length === 0 ? (
        <p className="muted" data-testid="causal-violations">
          None: every proposal agreed with the knowledge and the topology.
        </p>
      ) : (
        <ul className="causal-violations" data-testid="causal-violations">
          {graph.violations.map((v, i) => (
            <li key={i} data-operation={v.operation} data-enforced={String(v.enforced)}>
              {v.enforced ? 'rejected' : 'applied anyway'} {v.operation.replace('_', ' ')}{' '}
              <span className="mono">{showControls(v.subject)}</span>: {showControls(v.reason)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Metrics({ graph }: { graph: CausalGraph }) {
  const m = graph.metrics;
  return (
    <dl className="causal-metrics" data-testid="causal-metrics" data-sc={m.SC} data-tc={m.TC} data-kc={m.KC} data-score={m.score}>
      <dt title="structural consistency: spread of out-degree against the 2-hop neighbourhood's median (lower is better)">SC</dt>
      <dd>{fmt(m.SC)}</dd>
      <dt title="topological consistency: share of topology-adjacent anomaly pairs joined by a directed path">TC</dt>
      <dd>{fmt(m.TC)}</dd>
      <dt title="knowledge consistency: 1 − violating / proposed causal edges">KC</dt>
      <dd>{fmt(m.KC)}</dd>
      <dt title="interpretability: mean of TC, KC and 1 − SC">score</dt>
      <dd>{fmt(m.score)}</dd>
    </dl>
  );
}

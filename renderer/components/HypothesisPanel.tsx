import type { HypothesisLayerView, HypothesisView, RedHerringView } from '../../core/ipc/index.js';
import { formatDateTime } from '../../core/time/index.js';
import { useWorkbench } from '../store/context.js';
import { showControls } from '../../core/text/index.js';

const levelNames: Readonly<Record<number, string>> = { 1: 'cause', 2: 'entity', 3: 'mechanism', 4: 'code' };

/**
 * The hypothesis layer beside the graph: the causal graph as a tree by level, the reasoning
 * focus, support and refute evidence (each opens the evidence in the inspector), pruned
 * branches greyed, δ and η, and the analyst's pin and reject (ledger events, like overrides).
 * Everything shown is the fold of the ledger the backend projected; nothing is recomputed.
 */
export function HypothesisPanel() {
  const layer = useWorkbench((s) => s.investigation?.hypotheses);
  if (!layer) return null;
  const roots = layer.hypotheses.filter((h) => h.parent === null);
  return (
    <section className="hypotheses" aria-label="Hypotheses">
      <h2>Hypotheses</h2>
      <p className="muted" data-testid="hypothesis-thresholds">
        level S = {layer.level} · drill down when the gap &gt; δ = {layer.delta} and support ≥ η = {layer.eta}
      </p>
      {roots.length === 0 ? (
        <p className="muted">No hypothesis yet: the first origin label derives one.</p>
      ) : (
        <HypothesisList items={roots} layer={layer} />
      )}
      <RedHerrings items={layer.redHerrings ?? []} />
    </section>
  );
}

function HypothesisList({ items, layer }: { items: readonly HypothesisView[]; layer: HypothesisLayerView }) {
  return (
    <ul className="hypothesis-tree">
      {items.map((h) => (
        <HypothesisItem key={h.id} h={h} layer={layer} />
      ))}
    </ul>
  );
}

function HypothesisItem({ h, layer }: { h: HypothesisView; layer: HypothesisLayerView }) {
  const children = layer.hypotheses.filter((c) => c.parent === h.id);
  const isFocus = layer.focus === h.id;
  const judge = useWorkbench((s) => s.judgeHypothesis);
  const isIdle = useWorkbench((s) => s.investigation?.status !== 'running' && s.pending === null);
  return (
    <li
      className={`hypothesis status-${h.status}${isFocus ? ' focus' : ''}`}
      data-hypothesis-id={h.id}
      data-status={h.status}
      data-focus={isFocus ? 'true' : undefined}
    >
      <div className="hypothesis-head">
        <span className="tag">
          L{h.level} {levelNames[h.level] ?? ''}
        </span>
        <span className="hypothesis-statement">{showControls(h.statement)}</span>
      </div>
      <div className="muted">
        {h.status} · confidence {h.confidence.toFixed(2)}
        {isFocus && <strong> · focus</strong>}
        {h.isPinned && ' · pinned by an analyst'}
        {h.isRejected && ' · rejected by an analyst'}
        {h.source === 'model' && ' · proposed by the model'}
      </div>
      <EvidenceLinks label="support" ids={h.support} entity={h.entity} />
      <EvidenceLinks label="refute" ids={h.refute} entity={h.entity} />
      {h.status !== 'pruned' && (
        <div className="hypothesis-actions">
          <button type="button" disabled={!isIdle || h.isPinned} onClick={() => void judge(h.id, 'pin', '')}>
            Pin
          </button>
          <button type="button" disabled={!isIdle || h.isRejected} onClick={() => void judge(h.id, 'reject', '')}>
            Reject
          </button>
        </div>
      )}
      {children.length > 0 && <HypothesisList items={children} layer={layer} />}
    </li>
  );
}

function EvidenceLinks({ label, ids, entity }: { label: string; ids: readonly string[]; entity: string | null }) {
  const selectEvidence = useWorkbench((s) => s.selectEvidence);
  if (ids.length === 0) return null;
  return (
    <div className={`hypothesis-evidence ${label}`}>
      <span className="muted">{label}:</span>{' '}
      {ids.map((id) => (
        <button key={id} type="button" className="link mono" data-evidence={id} onClick={() => selectEvidence(entity, id)}>
          {showControls(id)}
        </button>
      ))}
    </div>
  );
}

/** Changes that preceded nothing abnormal: refuted, with the normal observations that refute them. */
function RedHerrings({ items }: { items: readonly RedHerringView[] }) {
  const zone = useWorkbench((s) => s.timeZone);
  if (items.length === 0) return null;
  return (
    <div className="red-herrings" data-testid="red-herrings">
      <h3>Refuted changes (red herrings)</h3>
      <ul className="hypothesis-tree">
        {items.map((r) => (
          <li key={r.change} className="hypothesis status-refuted" data-status="refuted" data-change={r.change}>
            <div className="hypothesis-head">
              <span className="tag">change</span>
              <span className="hypothesis-statement mono">{showControls(r.change)}</span>
            </div>
            <div className="muted">
              refuted · {formatDateTime(r.time, zone)} · {showControls(r.reason)}
              {r.hypotheses.length > 0 && ` · hypothesis ${r.hypotheses.join(', ')}`}
            </div>
            <EvidenceLinks label="support" ids={[r.change]} entity={r.entities[0] ?? null} />
            <EvidenceLinks label="refute" ids={r.refute} entity={r.entities[0] ?? null} />
          </li>
        ))}
      </ul>
    </div>
  );
}

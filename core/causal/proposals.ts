import type { CausalProposal, ContextPacket, EntityId } from '../model/index.js';
import { PolicyOutput } from '../model/index.js';
import { anomalyId, isPairDecided } from '../ledger/index.js';
import { proposeAlertLink, proposeAnomaly, proposeCausality, type CausalEmitter, type CausalLayerContext } from './derive.js';

/** Proposals read from one reply; more are ignored (a runaway reply cannot flood the ledger). */
export const MAX_CAUSAL_PROPOSALS = 8;
const MAX_RATIONALE = 300;

const blank = { anomalyType: null, entity: null, alert: null, from: null, to: null };

/** The reply's causal proposals (absent, or not schema-valid: none). */
export function causalProposalsOf(output: unknown): CausalProposal[] {
  const parsed = PolicyOutput.safeParse(output);
  return parsed.success ? (parsed.data.causal ?? []).slice(0, MAX_CAUSAL_PROPOSALS) : [];
}

/**
 * The guard for model-proposed operations (like guard-hypotheses.ts for hypotheses): every
 * cited id must be in the node's packet and no suspicious text may be the only support — a
 * failure is a violation, enforced whatever the switch says; what passes is checked against the
 * knowledge and topology like a derived operation, with source `model`.
 */
export function applyModelProposals(
  tick: CausalEmitter,
  ctx: CausalLayerContext,
  node: EntityId,
  packet: ContextPacket,
  proposals: readonly CausalProposal[],
): void {
  const items = new Map(packet.evidence.map((item) => [item.id, item]));
  const suspicious = new Set(packet.suspicious ?? []);
  const layer = tick.state.causal;
  const refuse = (
    body: Omit<Extract<Parameters<CausalEmitter['emit']>[0], { type: 'CausalViolation' }>, 'type' | 'enforced' | 'by' | 'source'>,
  ): void => {
    tick.emit({ type: 'CausalViolation', enforced: true, by: node, source: 'model', ...body });
  };
  for (const p of proposals) {
    const cited = p.op === 'link_alert' ? [p.alert] : p.evidence;
    const invented = cited.filter((id) => !items.has(id));
    const trusted = cited.filter((id) => items.has(id) && !suspicious.has(id));
    const subject =
      p.op === 'add_causality'
        ? { from: anomalyId(p.from.type, p.from.entity), to: anomalyId(p.to.type, p.to.entity) }
        : { anomalyType: p.anomaly.type, entity: p.anomaly.entity, ...(p.op === 'link_alert' ? { alert: p.alert } : {}) };
    const operation = p.op;
    if (invented.length > 0) {
      refuse({ ...blank, ...subject, operation, reason: `fabricated evidence: ${invented.slice(0, 5).join(', ')}`, evidence: invented });
      continue;
    }
    if (cited.length > 0 && trusted.length === 0) {
      refuse({ ...blank, ...subject, operation, reason: 'only suspicious text cited', evidence: [...cited] });
      continue;
    }
    if (p.op === 'create_anomaly') {
      const evidence = trusted.flatMap((id) => {
        const item = items.get(id);
        return item ? [item] : [];
      });
      proposeAnomaly(tick, ctx, { anomalyType: p.anomaly.type, entity: p.anomaly.entity, evidence }, node, 'model');
    } else if (p.op === 'link_alert') {
      const alert = items.get(p.alert);
      const anomaly = layer.anomalies.get(anomalyId(p.anomaly.type, p.anomaly.entity));
      if (!alert || alert.kind !== 'alert')
        refuse({ ...blank, ...subject, operation, reason: `${p.alert} is not an alert`, evidence: [p.alert] });
      else if (!anomaly)
        refuse({
          ...blank,
          ...subject,
          operation,
          reason: `no anomaly ${anomalyId(p.anomaly.type, p.anomaly.entity)} in the graph`,
          evidence: [p.alert],
        });
      else proposeAlertLink(tick, ctx, alert, anomaly, node, 'model');
    } else {
      const from = layer.anomalies.get(anomalyId(p.from.type, p.from.entity));
      const to = layer.anomalies.get(anomalyId(p.to.type, p.to.entity));
      if (!from || !to) {
        refuse({ ...blank, ...subject, operation, reason: 'both anomalies must be in the graph first', evidence: trusted });
        continue;
      }
      if (isPairDecided(layer, from.entity, to.entity)) continue;
      proposeCausality(tick, ctx, from, to, trusted, node, 'model', p.rationale.slice(0, MAX_RATIONALE));
    }
  }
}

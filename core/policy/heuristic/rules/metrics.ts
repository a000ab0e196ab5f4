import type { EvidenceDetail } from '../../../model/evidence.js';
import { strengths, thresholds } from '../thresholds.js';
import { saturate, type CauseRule, type Match, type SymptomRule } from './rule.js';
import { plainCause } from './traits.js';

type Anomaly = Extract<EvidenceDetail, { type: 'metric_anomaly' }>;

const STRENGTH = strengths.saturation;

const pct = (x: number): string => `${x >= 0 ? '+' : ''}${Math.round(x * 100)}%`;
const fmt = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3));

export const saturationRule: CauseRule = {
  id: 'saturation',
  role: 'cause',
  family: 'metrics',
  when: `a CPU or memory metric (its use, its share of a capacity or the pressure of its want, as its unit and name's conventions say) anomalous upwards (|z| ≥ ${thresholds.anomalyZ}) and ≥${thresholds.saturationFold}× its baseline median or near capacity (a share ≥ ${thresholds.nearCapacityRatio} of the whole, a usage at ${thresholds.nearCapacityRatio * 100} % or more of the container limits the topology declares); a machine's metrics excluded except on the machine itself, and so are running totals; one match per resource`,
  strength: `${STRENGTH.base} + ${STRENGTH.gain}·s(log2(fold / ${thresholds.saturationFold}), ${STRENGTH.scale}) + ${STRENGTH.nearCapacity} near capacity, at most ${STRENGTH.max}`,
  explanation:
    'The node ran out of CPU or memory. Several metrics of one resource are one observation: the strongest speaks for all. Explained by a confirmed upstream surge only when the growth is in proportion to the extra traffic.',
  ...plainCause,
  explainedBy: 'surge',
  match: (ctx) => {
    const out: Match[] = [];
    const isHost = HOST_KINDS.has(ctx.packet.entity.kind);
    for (const resource of ['cpu', 'memory'] as const) {
      const rising = ctx.anomalies
        .filter(
          (e) => isResourceUse(e.detail, resource, isHost) && e.detail.direction === 'up' && Math.abs(e.detail.z) >= thresholds.anomalyZ,
        )
        .map((e) => ({ e, strength: saturationStrength(e.detail) }))
        .filter((x) => x.strength > 0)
        .sort((a, b) => b.strength - a.strength);
      const top = rising[0];
      if (!top) continue;
      const d = top.e.detail;
      const change = d.change == null ? '' : ` (${pct(d.change)})`;
      const magnitude = d.baselineMedian > 0 ? d.windowValue / d.baselineMedian : undefined;
      out.push({
        evidence: rising.map((x) => x.e.id),
        strength: top.strength,
        ...(magnitude === undefined ? {} : { magnitude }),
        // A flat baseline (MAD 0) has no scale: its z only reflects the floor, so say it was flat.
        text: `${resource} saturation: ${d.metric} ${fmt(d.baselineMedian)} → ${fmt(d.windowValue)}${change}, ${d.baselineMad === 0 ? 'baseline flat' : `z=${d.z.toFixed(1)}`}${d.limit === undefined ? '' : `, ${Math.round((100 * d.windowValue) / d.limit)}% of its limit ${fmt(d.limit)}`}`,
      });
    }
    return out;
  },
};

export const metricRule: SymptomRule = {
  id: 'metric',
  role: 'symptom',
  family: 'metrics',
  when: `a latency or error metric of the node anomalous (|z| ≥ ${thresholds.anomalyZ})`,
  strength: '— (a symptom)',
  explanation: 'The node’s own dashboards show it degraded; they do not say why.',
  match: (ctx) =>
    ctx.anomalies
      .filter((e) => {
        const quantity = e.detail.meaning?.quantity;
        return Math.abs(e.detail.z) >= thresholds.anomalyZ && (quantity === 'latency' || quantity === 'errors');
      })
      .map((e) => ({
        evidence: [e.id],
        strength: 0,
        text: `${e.detail.metric} ${e.detail.direction}${e.detail.change == null ? '' : ` (${pct(e.detail.change)})`}`,
      })),
};

/** Entity kinds that are a machine: a machine's own metrics describe it, not one of its tenants. */
const HOST_KINDS: ReadonlySet<string> = new Set(['Node', 'Host', 'Machine', 'VM']);
/** What a resource's want shows as: its use, its share of a capacity, the time or work lost for it. */
const USE_MEASURES: ReadonlySet<string> = new Set(['usage', 'share', 'pressure']);

/**
 * A measure of how much of `resource` the node used or wanted. A machine's metric describes
 * every process on it, so on anything but the machine it says nothing of this node; a running
 * total's level rises without any change in load.
 */
function isResourceUse(d: Anomaly, resource: 'cpu' | 'memory', isHost: boolean): boolean {
  const m = d.meaning;
  return m !== undefined && m.quantity === resource && USE_MEASURES.has(m.measure) && !m.cumulative && (isHost || m.scope !== 'host');
}

/**
 * Resource saturation is about magnitude, not just unusualness: a pod whose CPU doubles from
 * 1 % to 2 % is not saturated, however quiet its baseline was. The strength grows with the
 * fold change (from the saturation fold) and with a utilisation near capacity: a share
 * near full, or a usage near the limit its entity declares.
 */
function saturationStrength(d: Anomaly): number {
  const nearCapacity = (d.limit !== undefined && d.windowValue >= thresholds.nearCapacityRatio * d.limit) || isShareNearFull(d);
  // A series that was zero in the baseline has no meaningful fold change (it may not have been reported).
  const fold = d.baselineMedian > 0 ? d.windowValue / d.baselineMedian : null;
  const foldStrength =
    fold !== null && fold >= thresholds.saturationFold
      ? STRENGTH.gain * saturate(Math.log2(fold / thresholds.saturationFold), STRENGTH.scale)
      : null;
  if (foldStrength === null && !nearCapacity) return 0;
  return Math.min(STRENGTH.max, STRENGTH.base + (foldStrength ?? 0) + (nearCapacity ? STRENGTH.nearCapacity : 0));
}

/**
 * A share of a capacity near its whole. The unit says whether the share is a fraction or a
 * percentage; without one, a value at most 1 is taken as a fraction and one up to 100 as a
 * percentage.
 */
function isShareNearFull(d: Anomaly): boolean {
  if (d.meaning?.measure !== 'share') return false;
  const scale = d.meaning.scale ?? (d.windowValue <= 1 ? 1 : 100);
  return d.windowValue <= scale && d.windowValue >= thresholds.nearCapacityRatio * scale;
}

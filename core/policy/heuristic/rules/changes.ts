import { appNameOf } from '../../../graph/index.js';
import { isEntityId, parseEntityId } from '../../../model/ids.js';
import type { ContextPacket } from '../../../model/packet.js';
import { strengths, thresholds } from '../thresholds.js';
import type { RuleContext } from './context.js';
import type { CauseRule, Match, Of } from './rule.js';
import { plainCause } from './traits.js';

const STRENGTH = strengths.change;

export const changeRule: CauseRule = {
  id: 'change',
  role: 'cause',
  family: 'changes',
  when: 'a change record (config, deploy, feature flag, image, scale) made before the incident began, on the node or on what configures or hosts it (a mounted ConfigMap, Secret or volume claim, its autoscaler, a policy that selects it, its Node), in the window or the lead time before it',
  strength: `${STRENGTH.recent} within ${thresholds.changeLeadMs / 60_000} min before the onset or when it drives a surge, else ${STRENGTH.earlier}; a scale change that adds capacity at most ${STRENGTH.addsCapacity} (one that removes it, a replica count or an autoscaler's maximum lowered, counts in full)`,
  explanation:
    'Something was changed on the node, or on what it reads, just before the incident: the first suspect. It must be followed by something abnormal on the node or on what it acts on (else it is refuted: a red herring). A change made within minutes of the onset stands on its own; an earlier one is weaker, counts only beside a fault of the node’s own, and is explained away when the node’s trouble comes from a failing dependency — unless the node sends a dependency far more calls than it receives, the change’s own effect (a flag, a campaign).',
  ...plainCause,
  explainedBy: 'callee',
  // A feature flag or campaign that adds traffic makes the node the source of the surge downstream.
  startsSurge: true,
  needsEffect: true,
  match: (ctx) => {
    const drives = drivenSurge(ctx);
    return ctx.changes
      .filter((e) => e.time <= ctx.onsetEnd)
      .map((e): Match => {
        const isOwn = !isOutside(ctx.packet, e);
        const removes = e.detail.changeKind === 'scale' && removesCapacity(e.detail.diff);
        // Temporal precedence: deploys, reloads and flags act within minutes of being made.
        const isRecent = ctx.onsetEnd - e.time <= thresholds.changeLeadMs;
        // Its predicted effect observed (the surge it drives) makes an earlier change as strong as a recent one.
        const strength = Math.min(
          isRecent || drives ? STRENGTH.recent : STRENGTH.earlier,
          e.detail.changeKind === 'scale' && !removes ? STRENGTH.addsCapacity : 1,
        );
        const minutes = Math.round((ctx.onsetEnd - e.time) / 60_000);
        return {
          evidence: [e.id],
          strength,
          text: `${e.detail.changeKind} change ${minutes} min before the incident${isOwn ? '' : ` on ${e.entity}, which configures or hosts me (or what I call)`}: ${e.summary}${removes ? ' (it takes capacity away)' : ''}${drives ? `; since then ${drives}` : ''}`,
          // A recent change, or one whose own effect (more calls) the dependency suffers, stands on its own.
          ...(drives || isRecent ? { explainedBy: null } : {}),
          // Precedence: long before the onset, with the node normal meanwhile, it names no trigger on its own.
          ...(drives || isRecent ? {} : { needsCorroboration: true }),
          ...(isOwn ? {} : { source: e.entity }),
        };
      });
  },
};

/** Replica counts and an autoscaler's ceiling: lowering one takes capacity away. */
const CAPACITY_PATH = /(?:^|\.)(?:replicas|maxReplicas)$/;

/**
 * A scale change that takes capacity away (a replica count or an autoscaler's maximum
 * lowered): as strong a suspect as any change, since what is left must carry the same load.
 */
export function removesCapacity(diff: readonly { path: string; from?: unknown; to?: unknown }[]): boolean {
  const count = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  return diff.some((d) => CAPACITY_PATH.test(d.path) && count(d.to) < count(d.from));
}

/** The change record is on an entity outside the node's alias group (what configures or hosts it). */
function isOutside(packet: ContextPacket, e: Of<'change'>): boolean {
  if (e.entity === packet.node) return false;
  const app = (id: string): string | null => {
    if (!isEntityId(id)) return id;
    const p = parseEntityId(id);
    return `${p.namespace ?? ''}/${appNameOf(p.kind, p.name) ?? id}`;
  };
  return app(e.entity) !== app(packet.node);
}

/**
 * Proportionality of a change that adds traffic: the node sends a dependency at least
 * `sourceSurgeRatio`× more calls than its own inbound growth explains. Then the dependency's
 * trouble is the change's effect, not an explanation of it. Null when it does not.
 */
function drivenSurge({ edges }: RuleContext): string | null {
  const received = edges.inbound.filter((e) => e.detail.callRateRatio != null && e.detail.baselineCalls >= thresholds.minCalls);
  const inRatio = Math.max(1, ...received.map((e) => e.detail.callRateRatio ?? 0));
  const surging = edges.outbound.filter(
    (e) =>
      e.detail.baselineCalls >= thresholds.minCalls &&
      e.detail.windowCalls >= thresholds.minSurgeCalls &&
      (e.detail.callRateRatio ?? 0) >= thresholds.sourceSurgeRatio * inRatio,
  );
  if (surging.length === 0) return null;
  const worst = Math.max(...surging.map((e) => e.detail.callRateRatio ?? 0));
  return `I send ×${worst.toFixed(1)} more calls to ${[...new Set(surging.map((e) => e.detail.callee))].join(', ')} while what I receive grew at most ×${inRatio.toFixed(1)}`;
}

/**
 * Locality of a change on something without telemetry of its own (a ConfigMap, a Secret): the
 * entities it acts on — that it configures, or that an investigation found it explains — and
 * that are confirmed degraded.
 */
export function degradedTargets(packet: ContextPacket): string[] {
  return packet.neighbours
    .filter(
      (n) =>
        n.direction === 'out' &&
        (n.relation === 'explains' || n.relation === 'configures') &&
        (n.belief?.label === 'Origin' || n.belief?.label === 'Symptom'),
    )
    .map((n) => n.id);
}

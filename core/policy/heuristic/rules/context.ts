import type { ContextPacket } from '../../../model/packet.js';
import { isDelayedEdge, isFewerCalls, isTailOnlyDelay } from '../../../signals/index.js';
import { thresholds } from '../thresholds.js';
import { commonCaller, isFailingEdge, isSlowEdge } from './edge-facts.js';
import { isType, type Of } from './evidence-of.js';

type Edge = Of<'trace_edge'>;

/** The trace edges into and out of the node, sorted by what they show; shared by the trace rules. */
export interface EdgeView {
  inbound: Edge[];
  outbound: Edge[];
  slowIn: Edge[];
  failingIn: Edge[];
  slowOut: Edge[];
  failingOut: Edge[];
  delayedIn: Edge[];
  /** Calls out whose time is lost between me and the callee (the callee's own spans not slower). */
  delayedOutAll: Edge[];
  /** My one instance, when all my delayed calls out leave from it to several callee instances. */
  egress: string | null;
  /** Delayed calls out that the callees' side explains (none when the delay is my egress). */
  delayedOut: Edge[];
  /** One caller instance, when all delayed calls into me come from it into several of my instances. */
  followsCaller: string | null;
}

/** What every rule reads: the packet and the facts derived from it once. */
export interface RuleContext {
  packet: ContextPacket;
  /** The incident's start (or the window's end): a change after it came too late to cause it. */
  onsetEnd: number;
  alerts: Array<Of<'alert'>>;
  changes: Array<Of<'change'>>;
  events: Array<Of<'event'>>;
  anomalies: Array<Of<'metric_anomaly'>>;
  templates: Array<Of<'log_template'>>;
  /** My instances that make markedly fewer calls per request they serve (core/signals isFewerCalls). */
  fewerCalls: Array<Of<'fan_out'>>;
  logs: Array<Of<'log'>>;
  /** Names (last id segment) of the nodes I call or depend on, long enough to match safely. */
  dependencies: string[];
  edges: EdgeView;
}

export function buildRuleContext(packet: ContextPacket): RuleContext {
  const ev = packet.evidence;
  return {
    packet,
    onsetEnd: packet.incidentTime ?? packet.window.end,
    alerts: ev.filter(isType('alert')),
    changes: ev.filter(isType('change')),
    events: ev.filter(isType('event')),
    anomalies: ev.filter(isType('metric_anomaly')),
    templates: ev.filter(isType('log_template')),
    fewerCalls: ev.filter(isType('fan_out')).filter((e) => isFewerCalls(e.detail)),
    logs: ev.filter(isType('log')),
    dependencies: dependencyNames(packet),
    edges: edgeView(packet),
  };
}

function edgeView(packet: ContextPacket): EdgeView {
  const me = packet.node;
  const edges = packet.evidence.filter(isType('trace_edge'));
  const inbound = edges.filter((e) => e.detail.callee === me && e.detail.caller !== me);
  const outbound = edges.filter((e) => e.detail.caller === me && e.detail.callee !== me);
  const slowOut = outbound.filter((e) => isSlowEdge(e.detail));
  // A delay on a pod's network slows every call that touches it, by about the same time: the
  // callers' calls in (its replies leave late) and its own calls out (its requests leave late);
  // docs/heuristic.md "Network delays" derives the rules from that picture. The callers' own
  // spans grow too (they wait), so a degraded caller, or a callee slower than its gap grew, is
  // what the delay predicts, not an alibi.
  const delayedIn = delayedInto(inbound);
  // Time lost between me and a callee (its own spans unchanged): the delay is on its side or the
  // link — unless the delayed calls share my instance but reach several of theirs, which makes
  // my instance the one thing they have in common.
  const delayedOutAll = outbound.filter(
    (e) => isDelayedEdge(e.detail) && !slowOut.includes(e) && (!isTailOnlyDelay(e.detail) || isOutsideCallee(e.detail)),
  );
  const egress = commonCaller(delayedOutAll.map((e) => e.detail));
  return {
    inbound,
    outbound,
    slowIn: inbound.filter((e) => isSlowEdge(e.detail)),
    failingIn: inbound.filter((e) => isFailingEdge(e.detail)),
    slowOut,
    failingOut: outbound.filter((e) => isFailingEdge(e.detail)),
    delayedIn,
    delayedOutAll,
    egress,
    delayedOut: egress ? [] : delayedOutAll,
    followsCaller: commonCaller(delayedIn.map((e) => e.detail)),
  };
}

/** The tail of the time lost outside the callee grew at least as much as the callee's own tail: the callee does not explain it. */
function isOutsideCallee(d: Edge['detail']): boolean {
  return (d.windowGapP95Ms ?? 0) - (d.baselineGapP95Ms ?? 0) >= d.windowP95Ms - d.baselineP95Ms;
}

/**
 * Delayed calls into the node. A median delay counts on any edge (core/signals isDelayedEdge).
 * A delay only in the tail (some calls) counts where it is the node's: a delay on its link
 * touches the calls of every caller, so at least half of its callers (calls in both periods)
 * must show it, each losing more time outside the node than the node's own spans grew. When a
 * host is short of CPU, every caller's event loop reads its replies late and the tails of many
 * gaps grow, but each by less than the busy callees' own time and not for all of one node's callers.
 */
function delayedInto(inbound: readonly Edge[]): Edge[] {
  const compared = inbound.filter((e) => e.detail.windowCalls > 0 && e.detail.baselineCalls > 0);
  const tail = compared.filter((e) => isDelayedEdge(e.detail) && isTailOnlyDelay(e.detail) && isOutsideCallee(e.detail));
  const tailIsMine = tail.length > 0 && 2 * tail.length >= compared.length;
  return inbound.filter((e) => isDelayedEdge(e.detail) && (!isTailOnlyDelay(e.detail) || (tailIsMine && tail.includes(e))));
}

function dependencyNames(packet: ContextPacket): string[] {
  const callees = packet.evidence
    .filter(isType('trace_edge'))
    .filter((e) => e.detail.caller === packet.node)
    .map((e) => e.detail.callee);
  const ids = [...packet.neighbours.filter((n) => n.direction === 'out').map((n) => n.id), ...callees].filter((id) => id !== packet.node);
  const names = ids.map(lastSegment);
  return [...new Set(names.filter((name) => name.length >= thresholds.minNameLength))];
}

/** An entity's name: the last segment of its id (`shop/Service/cart` → `cart`). */
export function lastSegment(id: string): string {
  return id.split('/').pop() ?? '';
}

/**
 * `name` as a whole word of `text` (not a prefix of a longer name), or as that word's English
 * plural (`s`, `es`): a message about what a dependency serves names it the way its users speak
 * ("recommendations unavailable", "payments failing").
 */
export function mentions(text: string, name: string): boolean {
  let at = text.indexOf(name);
  while (at !== -1) {
    const before = text[at - 1] ?? ' ';
    if (!/[\w-]/.test(before)) {
      const rest = text.slice(at + name.length);
      const suffix = /^(es|s)?/.exec(rest)?.[0] ?? '';
      if (!/[\w-]/.test(rest[suffix.length] ?? ' ')) return true;
    }
    at = text.indexOf(name, at + 1);
  }
  return false;
}

import type { Belief, Message } from '../model/belief.js';
import { evidenceKinds, type EvidenceItem, type EvidenceKind } from '../model/evidence.js';
import type { ContextPacket, OmittedSummary, PacketNeighbour, TimeWindow } from '../model/packet.js';
import type { PacketScope } from '../model/packet-scope.js';
import type { Entity } from '../model/topology.js';
import { suspiciousEvidence } from './suspicious.js';
import { countTokens, type TokenCounter } from './tokens.js';

export const DEFAULT_TOKEN_BUDGET = 6000;
/** Items of each kind admitted before the rest compete on rank alone, so no kind crowds out the others. */
export const GUARANTEED_PER_KIND = 3;
const MAX_NEIGHBOURS = 40;
const MAX_INBOX = 20;
const MAX_ATTR_CHARS = 400;
/** Share of the budget that neighbours and the inbox may take; the rest is for evidence. */
const CONTEXT_SHARE = 0.4;
const MAX_SUMMARY_CHARS = 240;
/** A neighbour's belief is context: its label, confidence and gist. */
const MAX_BELIEF_SUMMARY_CHARS = 120;
const MAX_DETAIL_TEXT_CHARS = 400;
const MAX_CITED_IDS = 3;

export interface PacketInput {
  entity: Entity;
  window: TimeWindow;
  incidentTime: number | null;
  neighbours: readonly PacketNeighbour[];
  inbox: readonly Message[];
  /** Candidate evidence, best first (the store's ranking). */
  evidence: readonly EvidenceItem[];
  /** How many items of each kind exist for the entity in the window, shown or not. */
  totals: Partial<Record<EvidenceKind, number>>;
  tokenBudget?: number;
  /** The node's alert scope, summarised (core/scopes packetScope); counted in the budget like the neighbours. */
  scope?: PacketScope;
  /** The case library's prior (docs/cases.md §4): one line, counted in the budget. */
  prior?: string;
}

export class PacketBudgetError extends Error {
  override name = 'PacketBudgetError';
}

/**
 * Builds the bounded context packet of design.md §2: metadata, neighbours with their beliefs,
 * the inbox and the best evidence that fits the token budget, with "N more not shown"
 * summaries for what was left out. Deterministic for the same input.
 */
export function buildContextPacket(input: PacketInput, count: TokenCounter = countTokens): ContextPacket {
  const tokenBudget = input.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const neighbours = orderNeighbours(input.neighbours)
    .slice(0, MAX_NEIGHBOURS)
    .map((n) => ({ ...n, belief: n.belief && compactBelief(n.belief) }));
  const packet: ContextPacket = {
    node: input.entity.id,
    entity: { ...input.entity, attrs: trimAttrs(input.entity.attrs) },
    window: input.window,
    incidentTime: input.incidentTime,
    neighbours,
    omittedNeighbours: input.neighbours.length - neighbours.length,
    // Newest messages matter most: a revision supersedes what came before it.
    inbox: [...input.inbox]
      .sort((a, b) => b.seq - a.seq)
      .slice(0, MAX_INBOX)
      .map((m) => ({ ...m, belief: compactBelief(m.belief) })),
    evidence: [],
    omitted: [],
    tokenCount: 0,
    tokenBudget,
    ...(input.scope ? { scope: input.scope } : {}),
    ...(input.prior ? { prior: input.prior } : {}),
  };
  let base = count(JSON.stringify(packet)) + omittedReserve(count);
  // Hubs have many neighbours: drop the least informative (no belief, then by id) until the
  // context leaves most of the budget to the node's own evidence.
  while (base > tokenBudget * CONTEXT_SHARE && (packet.neighbours.length > 0 || packet.inbox.length > 0)) {
    if (packet.inbox.length > packet.neighbours.length / 2) packet.inbox = packet.inbox.slice(0, -1);
    else packet.neighbours = packet.neighbours.slice(0, -1);
    packet.omittedNeighbours = input.neighbours.length - packet.neighbours.length;
    base = count(JSON.stringify(packet)) + omittedReserve(count);
  }
  if (base > tokenBudget) {
    throw new PacketBudgetError(
      `the context of ${input.entity.id} needs ${base} tokens before any evidence; raise the token budget above ${tokenBudget}`,
    );
  }
  packet.evidence = selectEvidence(input.evidence.map(compactItem), tokenBudget - base, count);
  packet.omitted = summariseOmitted(input, packet.evidence);
  flagSuspicious(packet);
  packet.tokenCount = measure(packet, count);
  // Item-by-item counts are additive only approximately; trim until the whole fits.
  while (packet.tokenCount > tokenBudget && packet.evidence.length > 0) {
    packet.evidence = packet.evidence.slice(0, -1);
    packet.omitted = summariseOmitted(input, packet.evidence);
    flagSuspicious(packet);
    packet.tokenCount = measure(packet, count);
  }
  return packet;
}

/** Marks evidence that reads like instructions; the field is left out when nothing is suspicious. */
function flagSuspicious(packet: ContextPacket): void {
  const ids = suspiciousEvidence(packet.evidence);
  if (ids.length > 0) packet.suspicious = ids;
  else delete packet.suspicious;
}

/** The packet's own size, including the digits of the count it reports about itself. */
function measure(packet: ContextPacket, count: TokenCounter): number {
  for (let i = 0; i < 4; i++) {
    const next = count(JSON.stringify(packet));
    if (next === packet.tokenCount) break;
    packet.tokenCount = next;
  }
  return packet.tokenCount;
}

function orderNeighbours(neighbours: readonly PacketNeighbour[]): PacketNeighbour[] {
  // Dependencies first (what the node's errors and waits can be about), those with a belief
  // before those without (they carry news), then by id for determinism.
  const rank = (n: PacketNeighbour): number => (n.direction === 'out' ? 0 : 2) + (n.belief !== null ? 0 : 1);
  return [...neighbours].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

/** Neighbours' beliefs as context: the label and gist, not their whole argument. */
function compactBelief(belief: Belief): Belief {
  return { ...belief, summary: clip(belief.summary, MAX_BELIEF_SUMMARY_CHARS), evidence: belief.evidence.slice(0, MAX_CITED_IDS) };
}

function trimAttrs(attrs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(attrs).sort()) {
    const text = JSON.stringify(attrs[key]) ?? '';
    out[key] = text.length > MAX_ATTR_CHARS ? `${text.slice(0, MAX_ATTR_CHARS)}… (truncated)` : attrs[key];
  }
  return out;
}

/**
 * Evidence as the policy needs it: numbers to four significant digits (0.030000000000000037 is
 * a dozen tokens that say 0.03) and long texts cut, so more items fit the same budget. Ids and
 * provenance are kept whole; the store holds the full item for citation and export.
 */
function compactItem(item: EvidenceItem): EvidenceItem {
  return { ...item, summary: clip(item.summary, MAX_SUMMARY_CHARS), detail: compactValue(item.detail) as EvidenceItem['detail'] };
}

function compactValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(4));
  if (typeof value === 'string') return clip(value, MAX_DETAIL_TEXT_CHARS);
  if (Array.isArray(value)) return value.map(compactValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compactValue(v)]));
  return value;
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Room kept for the omitted-summary lines, which are only known at the end. */
function omittedReserve(count: TokenCounter): number {
  const sample: OmittedSummary = { kind: 'metric', count: 99999, summary: '99999 more metric items not shown (top: xxxxxxxxxxxxxxxxxxxx)' };
  return count(JSON.stringify(sample)) * evidenceKinds.length;
}

function selectEvidence(candidates: readonly EvidenceItem[], room: number, count: TokenCounter): EvidenceItem[] {
  const chosen = new Set<number>();
  const perKind = new Map<EvidenceKind, number>();
  let used = 0;
  const tryAdd = (index: number): void => {
    const item = candidates[index] as EvidenceItem;
    const cost = count(JSON.stringify(item)) + 1;
    if (used + cost > room) return;
    used += cost;
    chosen.add(index);
    perKind.set(item.kind, (perKind.get(item.kind) ?? 0) + 1);
  };
  candidates.forEach((item, i) => {
    if ((perKind.get(item.kind) ?? 0) < GUARANTEED_PER_KIND) tryAdd(i);
  });
  candidates.forEach((_, i) => {
    if (!chosen.has(i)) tryAdd(i);
  });
  return [...chosen].sort((a, b) => a - b).map((i) => candidates[i] as EvidenceItem);
}

function summariseOmitted(input: PacketInput, shown: readonly EvidenceItem[]): OmittedSummary[] {
  const shownIds = new Set(shown.map((e) => e.id));
  const out: OmittedSummary[] = [];
  for (const kind of evidenceKinds) {
    const shownOfKind = shown.filter((e) => e.kind === kind).length;
    const total = Math.max(input.totals[kind] ?? 0, input.evidence.filter((e) => e.kind === kind).length);
    const missing = total - shownOfKind;
    if (missing <= 0) continue;
    const top = input.evidence.find((e) => e.kind === kind && !shownIds.has(e.id));
    const hint = top ? ` (top: ${top.summary.slice(0, 80)})` : '';
    out.push({ kind, count: missing, summary: `${missing} more ${kind} item${missing === 1 ? '' : 's'} not shown${hint}` });
  }
  return out;
}

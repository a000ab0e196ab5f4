import type { BeliefRevision, NodeInspection, RawLineView } from '../../core/ipc/index.js';
import type { EventOf, LedgerEvent } from '../../core/ledger/index.js';
import { ContextPacket } from '../../core/model/index.js';
import type { InvestigationRun } from './run.js';

/** Bounds what one inspect reply carries: a packet may cite hundreds of items. */
const MAX_RAW_ITEMS = 40;
const MAX_LINES_PER_ITEM = 3;

export type NodeDetails = Pick<NodeInspection, 'history' | 'packet' | 'packetSeq' | 'rawLines' | 'code'>;

/** The node's beliefs, oldest first, from the ledger prefix being viewed. */
export function beliefHistory(events: readonly LedgerEvent[], node: string, upToSeq: number): BeliefRevision[] {
  const history: BeliefRevision[] = [];
  for (const e of events) {
    if (e.seq > upToSeq) break;
    if (e.type !== 'BeliefSet' || e.node !== node) continue;
    history.push({
      seq: e.seq,
      label: e.belief.label,
      confidence: e.belief.confidence,
      summary: e.belief.summary,
      source: e.source,
      reasoning: e.reasoning,
    });
  }
  return history;
}

/** The last packet built for `node` up to `upToSeq`, exactly as the policy saw it, or null. */
export function lastPacket(handle: InvestigationRun, node: string, upToSeq: number): { packet: ContextPacket; seq: number } | null {
  const built = lastPacketEvent(handle.events, node, upToSeq);
  const json = built ? handle.packetJson(built.hash) : null;
  return json === null || !built ? null : { packet: ContextPacket.parse(JSON.parse(json)), seq: built.seq };
}

function lastPacketEvent(events: readonly LedgerEvent[], node: string, upToSeq: number): { seq: number; hash: string } | null {
  let found: { seq: number; hash: string } | null = null;
  for (const e of events) {
    if (e.seq > upToSeq) break;
    if (e.type === 'PacketBuilt' && e.node === node) found = { seq: e.seq, hash: e.packetHash };
  }
  return found;
}

/** The raw lines behind the packet's first items, asked for together so each file is read once (main/store readRawLines). */
async function readRawLines(handle: InvestigationRun, packet: ContextPacket): Promise<RawLineView[]> {
  const items = packet.evidence.slice(0, MAX_RAW_ITEMS);
  const read = await Promise.all(
    items.map((item) =>
      handle.rawLines(item.id).then(
        (lines) => lines.slice(0, MAX_LINES_PER_ITEM).map((l) => ({ evidenceId: item.id, file: l.file, line: l.line, text: l.text })),
        // The bundle moved or a file is gone: the packet itself still shows the evidence.
        () => [],
      ),
    ),
  );
  return read.flat();
}

/**
 * What the inspector shows beyond the topology: the belief history, the last packet exactly
 * as the policy saw it (the stored canonical JSON, parsed) and the raw lines behind it.
 */
export async function inspectDetails(handle: InvestigationRun, node: string, upToSeq: number): Promise<NodeDetails> {
  const history = beliefHistory(handle.events, node, upToSeq);
  const last = lastPacket(handle, node, upToSeq);
  const packet = last?.packet ?? null;
  return {
    history,
    packet,
    packetSeq: last?.seq ?? null,
    rawLines: packet ? await readRawLines(handle, packet) : [],
    code:
      handle.events.findLast((e): e is EventOf<'CodeDrilled'> => e.type === 'CodeDrilled' && e.node === node && e.seq <= upToSeq) ?? null,
  };
}

import { InvestigationSettings } from '../../core/ipc/index.js';
import { canonicalJson, type InvestigationState, type LedgerEvent } from '../../core/ledger/index.js';
import { isEntityId, parseEntityId, type ContextPacket, type Entity, type Topology } from '../../core/model/index.js';
import { openLedger } from '../ledger/index.js';
import { diagnosisFromLedger } from '../report/index.js';
import { ReadOnlyInvestigationError } from './errors.js';
import type { InvestigationRun } from './run.js';

type InvestigationStarted = NonNullable<InvestigationState['started']>;

function entityFromId(id: string, kind?: string): Entity | null {
  if (!isEntityId(id)) return null;
  const parsed = parseEntityId(id);
  return { id, kind: kind ?? parsed.kind, name: parsed.name, namespace: parsed.namespace, labels: {}, attrs: {} };
}

/**
 * The topology as far as the investigation saw it: every packet's entity with its 1-hop
 * neighbours and their topology edges, plus any other entity the events name. Discovered
 * edges are not topology: they come back from the ledger's state as the replay moves.
 */
function topologyFromPackets(packets: readonly ContextPacket[], events: readonly LedgerEvent[]): Topology {
  const entities = new Map<string, Entity>();
  const edges = new Map<string, Topology['edges'][number]>();
  for (const packet of packets) entities.set(packet.entity.id, packet.entity);
  for (const packet of packets) {
    for (const nb of packet.neighbours) {
      if (!entities.has(nb.id)) {
        const entity = entityFromId(nb.id, nb.kind);
        if (entity) entities.set(nb.id, entity);
      }
      if (nb.isDiscovered || nb.relation === 'explains' || !entities.has(nb.id)) continue;
      const [source, target] = nb.direction === 'out' ? [packet.node, nb.id] : [nb.id, packet.node];
      edges.set(`${source}\0${target}\0${nb.relation}`, { source, target, relation: nb.relation });
    }
  }
  for (const event of events) {
    const node = 'node' in event ? event.node : null;
    if (node && !entities.has(node)) {
      const entity = entityFromId(node);
      if (entity) entities.set(node, entity);
    }
  }
  const sorted = [...entities.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entities: sorted, edges: [...edges.values()] };
}

/** A saved ledger opened for replay: what the investigation saw, and its recording as a run. */
export interface LedgerReplay {
  file: string;
  /** The graph the investigation saw, rebuilt from the packets the ledger stores. */
  topology: Topology;
  /** The alerts its bootstrap recorded (names and entities; times and severity are not recorded). */
  alerts: Array<{ name: string; entity: string }>;
  started: InvestigationStarted | null;
  eventCount: number;
  /** The recorded investigation: stepping moves through it; nothing is ever appended. */
  run: InvestigationRun;
  /** The settings the recorded investigation ran with. */
  settings: InvestigationSettings;
}

/** Opens a saved ledger for read-only replay. The file is read once and closed. */
export function openLedgerReplay(file: string): LedgerReplay {
  const loaded = diagnosisFromLedger(file);
  const ledger = openLedger(file);
  const packetJson = new Map<string, string>();
  const packets: ContextPacket[] = [];
  try {
    for (const event of loaded.events) {
      if (event.type !== 'PacketBuilt' || packetJson.has(event.packetHash)) continue;
      const packet = ledger.packet(event.packetHash);
      if (!packet) continue;
      packets.push(packet);
      packetJson.set(event.packetHash, canonicalJson(packet));
    }
  } finally {
    ledger.close();
  }
  const started = loaded.state.started;
  const readOnly = (): never => {
    throw new ReadOnlyInvestigationError();
  };
  const run: InvestigationRun = {
    isReadOnly: true,
    events: loaded.events,
    state: loaded.state,
    step: () => Promise.reject(new ReadOnlyInvestigationError()),
    run: () => Promise.resolve(null),
    pause: () => undefined,
    override: readOnly,
    judgeHypothesis: readOnly,
    diagnosis: () => Promise.resolve(loaded.diagnosis),
    packetJson: (hash) => packetJson.get(hash) ?? null,
    rawLines: () => Promise.resolve([]),
    close: () => undefined,
  };
  const settings = InvestigationSettings.parse({
    ...started?.settings,
    policy: started?.policy.name === 'llm' ? 'llm' : 'heuristic',
    window: null,
  });
  return {
    file,
    topology: topologyFromPackets(packets, loaded.events),
    alerts: (started?.bootstrap?.alerts ?? []).map((a) => ({ name: a.name, entity: a.entity })),
    started,
    eventCount: loaded.events.length,
    run,
    settings,
  };
}

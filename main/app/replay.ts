import { basename } from 'node:path';
import { InvestigationSettings, type AlertView } from '../../core/ipc/index.js';
import { canonicalJson, type LedgerEvent } from '../../core/ledger/index.js';
import { isEntityId, parseEntityId, type ContextPacket, type Entity, type Topology } from '../../core/model/index.js';
import { openLedger } from '../ledger/index.js';
import { diagnosisFromLedger } from '../report/index.js';
import type { LoadedSnapshot } from './bundle.js';
import { ReadOnlyInvestigationError, type Engine, type EngineHandle } from './investigation/index.js';

export interface LedgerReplay {
  /** The graph the investigation saw, rebuilt from the packets the ledger stores. */
  snapshot: LoadedSnapshot;
  engine: Engine;
  /** The settings the recorded investigation ran with. */
  settings: InvestigationSettings;
}

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

/**
 * Opens a saved ledger for read-only replay: the graph from its packets, the alerts from its
 * bootstrap record, and an engine whose one "investigation" is the recorded one. Stepping
 * moves through the recorded evaluations; nothing is ever appended. The file is read once
 * and closed.
 */
export function loadLedgerReplay(file: string): LedgerReplay {
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
  const bootstrap = started?.bootstrap ?? null;
  const topology = topologyFromPackets(packets, loaded.events);
  const alerts: AlertView[] = (bootstrap?.alerts ?? []).map((a) => ({
    name: a.name,
    entity: a.entity,
    severity: 'unknown',
    startsAt: bootstrap?.window.start ?? 0,
    endsAt: null,
    summary: 'recorded in the ledger (times and severity are not)',
  }));
  const snapshot: LoadedSnapshot = {
    root: file,
    manifest: { format: 'eog-snapshot', version: 1, name: `Replay of ${basename(file)}` },
    topology,
    alerts,
    summary: {
      name: `Replay of ${basename(file)}`,
      description: `Read-only replay of a saved investigation (${loaded.events.length} ledger events).`,
      incidentTime: bootstrap?.incidentTime ?? null,
      sourceKind: 'ledger',
      hash: started?.snapshotHash ?? '',
      entityCount: topology.entities.length,
      edgeCount: topology.edges.length,
      alertCount: alerts.length,
      warnings: ['The graph is rebuilt from the ledger: the entities the investigation looked at and their neighbours.'],
    },
  };
  const handle: EngineHandle = {
    isReadOnly: true,
    events: loaded.events,
    state: loaded.state,
    step: () => Promise.reject(new ReadOnlyInvestigationError()),
    pause: () => undefined,
    applyOverride: () => {
      throw new ReadOnlyInvestigationError();
    },
    diagnosis: () => loaded.diagnosis,
    packetJson: (hash) => packetJson.get(hash) ?? null,
  };
  const settings = InvestigationSettings.parse({
    ...started?.settings,
    policy: started?.policy.name === 'llm' ? 'llm' : 'heuristic',
    window: null,
  });
  return { snapshot, settings, engine: { start: () => Promise.resolve(handle), close: () => undefined } };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAlert } from '../../core/bootstrap/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import type { ContextPacket } from '../../core/model/packet.js';
import { floodAlerts } from '../generate/flood.js';
import { generateIncident, type GeneratedIncident } from '../generate/index.js';
import { openLedger } from '../ledger/index.js';
import { importBundle } from '../store/index.js';
import { investigateSnapshot } from './investigate-snapshot.js';

/**
 * An alert storm must not cost a packet the node's own evidence (docs/scopes.md §3). A generated
 * traffic surge flooded with 625× its alerts: the surge's source is told from load passing through
 * by its calls out that stay level, and those trace edges are what monitoring noise used to push
 * out of its packet (three heartbeat and informational alerts, one per signature), leaving a cycle
 * of symptoms and an empty frontier.
 */
const root = mkdtempSync(join(tmpdir(), 'eog-flood-packets-'));
const store = join(root, 'incident', '.eog', 'store.sqlite');
let incident: GeneratedIncident;
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  incident = await generateIncident(join(root, 'incident'), { fault: 'traffic_surge', seed: 1, services: 12 });
  floodAlerts(incident.dir, { factor: 625, seed: 1, rootCause: incident.rootCause, onset: Date.parse(incident.onset) });
  await importBundle(incident.dir, store);
}, 120_000);

describe('packets under an alert flood', () => {
  let events: LedgerEvent[] = [];
  let packets: ContextPacket[] = [];
  let frontier: string[] = [];

  beforeAll(async () => {
    const ledgerFile = join(root, 'flood.ledger');
    const { diagnosis } = await investigateSnapshot(store, { policy: { kind: 'heuristic' }, ledgerFile, settings: {} });
    frontier = diagnosis.frontier;
    const ledger = openLedger(ledgerFile);
    try {
      events = ledger.events();
      packets = events.flatMap((e) => (e.type === 'PacketBuilt' ? [ledger.packet(e.packetHash)].filter((p) => p !== null) : []));
    } finally {
      ledger.close();
    }
  }, 240_000);

  it('shows no alert the scoping dismissed as monitoring noise, though the incident has many', () => {
    const formed = events.find((e) => e.type === 'ScopesFormed');
    expect(formed?.type === 'ScopesFormed' && formed.dismissed.some((d) => d.alerts >= 10)).toBe(true);
    expect(packets.length).toBeGreaterThan(5);
    const shown = packets.flatMap((p) => p.evidence.flatMap((e) => (e.detail.type === 'alert' ? [e.detail] : [])));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((a) => classifyAlert(a.name, '', a.severity) === 'noise')).toEqual([]);
  });

  it('keeps every call the root makes in its packets and finds the root', () => {
    const own = packets.filter((p) => p.node === incident.rootCause);
    expect(own.length).toBeGreaterThan(0);
    for (const p of own) {
      const callees = new Set(
        p.evidence.flatMap((e) => (e.detail.type === 'trace_edge' && e.detail.caller === p.node ? [e.detail.callee] : [])),
      );
      expect(callees.size).toBeGreaterThanOrEqual(2);
    }
    expect(frontier).toContain(incident.rootCause);
  });
});

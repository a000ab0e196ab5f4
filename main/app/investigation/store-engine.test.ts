import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvestigationSettings } from '../../../core/ipc/index.js';
import { findPackageRoot } from '../../platform/index.js';
import { createInvestigationSession } from './session.js';
import { createStoreEngine } from './store-engine.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'e2e', 'fixtures', 'sample');
const settings: InvestigationSettings = {
  budget: 20,
  maxVisits: 5,
  cooldown: 2,
  kFlips: 3,
  revision: true,
  concurrency: 1,
  policy: 'heuristic',
  window: null,
};

describe('store engine (evidence store + heuristic policy)', () => {
  it('investigates a real bundle to the end and produces a diagnosis', async () => {
    const engine = createStoreEngine(fixture);
    const session = createInvestigationSession(engine, () => {});
    try {
      const started = await session.start(settings);
      expect(started.activeSet.length).toBeGreaterThan(0);
      session.run();
      await session.settled();
      const final = session.state();
      expect(final.lastError).toBeNull();
      expect(final.status).toBe('finished');
      expect(final.evaluations).toBeGreaterThan(0);
      expect(final.nodes.some((n) => n.belief !== null)).toBe(true);
      const diagnosis = session.diagnosis();
      expect(['confident', 'no_confident_root_cause']).toContain(diagnosis.outcome);
      expect(diagnosis.run.policy).toBe('heuristic');
    } finally {
      session.close();
    }
  });

  it('is deterministic: two runs give the same ledger', async () => {
    const ledgers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const session = createInvestigationSession(createStoreEngine(fixture), () => {});
      await session.start(settings);
      session.run();
      await session.settled();
      ledgers.push(JSON.stringify(session.events(-1, 5000).events));
      session.close();
    }
    expect(ledgers[1]).toBe(ledgers[0]);
  });

  it('inspects a node with the exact packet the policy saw, its belief history and raw lines', async () => {
    const session = createInvestigationSession(createStoreEngine(fixture), () => {});
    try {
      await session.start(settings);
      await session.step();
      const events = session.events(-1, 5000).events;
      const built = events.find((e) => e.type === 'PacketBuilt');
      if (built?.type !== 'PacketBuilt') throw new Error('the first step built no packet');
      const details = await session.inspect(built.node);
      expect(details.packet?.node).toBe(built.node);
      expect(details.packet?.tokenCount).toBe(built.tokenCount);
      expect(details.packet?.evidence.map((e) => e.id)).toEqual(built.evidence.map((e) => e.id));
      expect(details.packetSeq).toBe(built.seq);
      expect(details.history).toHaveLength(1);
      if (details.packet && details.packet.evidence.length > 0) {
        expect(details.rawLines.length).toBeGreaterThan(0);
        expect(details.packet.evidence.map((e) => e.id)).toContain(details.rawLines[0]?.evidenceId);
      }
      // Seeking before the packet was built shows the node as it was then: no packet, no belief.
      session.seek(built.seq - 1);
      const earlier = await session.inspect(built.node);
      expect(earlier.packet).toBeNull();
      expect(earlier.history).toEqual([]);
      expect(session.state().seq).toBe(built.seq - 1);
      expect(session.seek(10_000).seq).toBe(events[events.length - 1]?.seq);
    } finally {
      session.close();
    }
  });

  it('refuses the llm policy with an actionable message', async () => {
    const engine = createStoreEngine(fixture);
    await expect(engine.start({ ...settings, policy: 'llm' })).rejects.toThrow(/choose the heuristic policy/);
    engine.close();
  });

  it('passes a window override through to the bootstrap, and so into the ledger', async () => {
    const window = { start: Date.parse('2026-03-01T09:50:00Z'), end: Date.parse('2026-03-01T10:20:00Z') };
    const derived = createInvestigationSession(createStoreEngine(fixture), () => {});
    const chosen = createInvestigationSession(createStoreEngine(fixture), () => {});
    try {
      await derived.start(settings);
      await chosen.start({ ...settings, window });
      const startedWith = (s: typeof chosen) => s.events(-1, 10).events.find((e) => e.type === 'InvestigationStarted');
      const own = startedWith(chosen);
      const auto = startedWith(derived);
      if (own?.type !== 'InvestigationStarted' || auto?.type !== 'InvestigationStarted') throw new Error('no InvestigationStarted');
      expect(own.bootstrap?.window).toEqual(window);
      expect(auto.bootstrap?.window).not.toEqual(window);
      // The controller's own settings stay as they were: the window is not a controller setting.
      expect(own.settings).toEqual(auto.settings);
      await chosen.step();
      const packet = chosen.events(-1, 5000).events.find((e) => e.type === 'PacketBuilt');
      expect(packet?.type === 'PacketBuilt' ? packet.window : null).toEqual(window);
    } finally {
      derived.close();
      chosen.close();
    }
  });

  it('cancels the import a Start waits for; the next Start imports again', async () => {
    const phases: string[] = [];
    let engine: ReturnType<typeof createStoreEngine> | null = null;
    engine = createStoreEngine(fixture, (p) => {
      phases.push(p.phase);
      // Cancel at the first report: the import has begun and cannot have finished.
      if (phases.length === 1) expect(engine?.cancelImport?.()).toBe(true);
    });
    try {
      await expect(engine.start(settings)).rejects.toMatchObject({ name: 'ImportCancelledError' });
      expect(phases.at(-1)).toBe('cancelled');
      expect(engine.cancelImport?.()).toBe(false);
      const handle = await engine.start(settings);
      expect(handle.events.length).toBeGreaterThan(0);
      expect(phases.at(-1)).toBe('done');
    } finally {
      engine.close();
    }
  });
});

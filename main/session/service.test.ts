import { describe, expect, it } from 'vitest';
import type { Policy } from '../../core/controller/index.js';
import { ImportCancelledError } from './errors.js';
import type { InvestigationService } from './service.js';
import { content, serviceFor, settings, slowHeuristic, withService } from './service-test-support.js';

describe('the investigation service over a real evidence store', () => {
  it('refuses commands before start with an actionable error', () =>
    withService(async (service) => {
      await expect(service.step()).rejects.toThrow(/press Run or Step/);
      expect(service.state()).toMatchObject({ status: 'new', seq: -1, evaluations: 0 });
    }));

  it('starts with the seeds queued, then steps one evaluation at a time', () =>
    withService(async (service) => {
      const started = await service.start({ settings });
      expect(started).toMatchObject({ status: 'new', budgetLeft: 20 });
      expect(started.activeSet.length).toBeGreaterThan(0);
      const after = await service.step();
      expect(after).toMatchObject({ status: 'paused', evaluations: 1, budgetLeft: 19 });
      expect(after.nodes.some((n) => n.belief !== null)).toBe(true);
    }));

  it('runs in the background to the end, pushes progress and gives a diagnosis', () =>
    withService(async (service, pushed) => {
      await service.start({ settings });
      expect(service.run().status).toBe('running');
      await service.settled();
      const final = service.state();
      expect(final).toMatchObject({ status: 'finished', lastError: null });
      expect(final.evaluations).toBeGreaterThan(1);
      expect(pushed.length).toBeGreaterThan(final.evaluations);
      expect(content(pushed.at(-1))).toEqual(content(final));
      const diagnosis = await service.diagnosis();
      expect(diagnosis.frontier).toEqual(final.frontier);
      expect(diagnosis.run.policy).toBe('heuristic');
    }));

  it('stops a bounded run after exactly maxSteps evaluations', () =>
    withService(async (service) => {
      await service.start({ settings });
      service.run(2);
      await service.settled();
      expect(service.state()).toMatchObject({ status: 'paused', evaluations: 2 });
    }));

  it('steps back through the ledger without rewriting it, and forward again to the head', () =>
    withService(async (service) => {
      await service.start({ settings });
      await service.runToEnd();
      const head = service.state();
      const eventCount = service.events(-1, 5000).events.length;
      expect(service.stepBack().evaluations).toBe(head.evaluations - 1);
      expect(service.stepBack().evaluations).toBe(head.evaluations - 2);
      expect(service.events(-1, 5000).events).toHaveLength(eventCount);
      await service.step();
      expect((await service.step()).seq).toBe(head.seq);
      expect(content(service.state())).toEqual(content(head));
    }));

  it('pages ledger events after a sequence number', () =>
    withService(async (service) => {
      await service.start({ settings });
      await service.step();
      const all = service.events(-1, 5000).events;
      expect(all[0]?.type).toBe('InvestigationStarted');
      expect(service.events(0, 2).events.map((e) => e.seq)).toEqual([1, 2]);
      expect(service.events(0, 2).hasMore).toBe(all.length > 3);
    }));

  it('records an analyst override as human-asserted', () =>
    withService(async (service) => {
      const started = await service.start({ settings });
      const node = started.activeSet[0] ?? '';
      const state = service.override(node, 'Healthy', 'false alarm');
      expect(state.nodes.find((n) => n.node === node)).toMatchObject({ isPinned: true, beliefSource: 'analyst' });
    }));

  it('pauses a run in flight and records the pause in the ledger', () =>
    withService(async (service) => {
      await service.start({ settings, policy: slowHeuristic(20) });
      service.run();
      service.pause();
      await service.settled();
      expect(service.state().status).toBe('paused');
      expect(service.events(-1, 5000).events.at(-1)?.type).toBe('Paused');
    }));

  it('pauses a bounded run too, after the step in flight', () =>
    withService(async (service) => {
      await service.start({ settings, policy: slowHeuristic(20) });
      service.run(5);
      service.pause();
      await service.settled();
      expect(service.state()).toMatchObject({ status: 'paused', evaluations: 1 });
      expect(service.events(-1, 5000).events.at(-1)?.type).toBe('Paused');
    }));

  it('reports why a run stopped when the policy fails, and rethrows it from runToEnd', () =>
    withService(async (service) => {
      const failing: Policy = { name: 'broken', model: null, evaluate: () => Promise.reject(new Error('endpoint down')) };
      await service.start({ settings, policy: failing });
      service.run();
      await service.settled();
      expect(service.state().lastError).toMatch(/endpoint down/);
      await expect(service.runToEnd()).rejects.toThrow(/endpoint down/);
    }));

  it('reset forgets the investigation', () =>
    withService(async (service) => {
      await service.start({ settings });
      await service.step();
      expect(service.reset()).toMatchObject({ status: 'new', seq: -1, nodes: [] });
      await expect(service.step()).rejects.toThrow(/press Run or Step/);
    }));

  it('is deterministic: two runs give the same ledger', async () => {
    const ledgers: string[] = [];
    for (let i = 0; i < 2; i++) {
      await withService(async (service) => {
        await service.start({ settings });
        await service.runToEnd();
        ledgers.push(JSON.stringify(service.events(-1, 5000).events));
      });
    }
    expect(ledgers[1]).toBe(ledgers[0]);
  });

  it('inspects a node with the exact packet the policy saw, its belief history, and earlier views', () =>
    withService(async (service) => {
      await service.start({ settings });
      await service.step();
      const events = service.events(-1, 5000).events;
      const built = events.find((e) => e.type === 'PacketBuilt');
      if (built?.type !== 'PacketBuilt') throw new Error('the first step built no packet');
      const details = await service.inspect(built.node);
      expect(details.packet?.node).toBe(built.node);
      expect(details.packet?.tokenCount).toBe(built.tokenCount);
      expect(details.packet?.evidence.map((e) => e.id)).toEqual(built.evidence.map((e) => e.id));
      expect(details.packetSeq).toBe(built.seq);
      expect(details.history).toHaveLength(1);
      if (details.packet && details.packet.evidence.length > 0) {
        expect(details.packet.evidence.map((e) => e.id)).toContain(details.rawLines[0]?.evidenceId);
      }
      // Seeking before the packet was built shows the node as it was then: no packet, no belief.
      service.seek(built.seq - 1);
      const earlier = await service.inspect(built.node);
      expect(earlier.packet).toBeNull();
      expect(earlier.history).toEqual([]);
      expect(service.state().seq).toBe(built.seq - 1);
      expect(service.seek(10_000).seq).toBe(events[events.length - 1]?.seq);
    }));

  it('refuses the llm policy without an endpoint, with an actionable message', () =>
    withService(async (service) => {
      await expect(service.start({ settings: { ...settings, policy: 'llm' } })).rejects.toThrow(/choose the heuristic policy/);
    }));

  it('passes a window override to the bootstrap, and so into the ledger and the packets', async () => {
    const window = { start: Date.parse('2026-03-01T09:50:00Z'), end: Date.parse('2026-03-01T10:20:00Z') };
    const startedWith = (s: InvestigationService) => s.events(-1, 10).events.find((e) => e.type === 'InvestigationStarted');
    await withService(async (derived) =>
      withService(async (chosen) => {
        await derived.start({ settings });
        await chosen.start({ settings: { ...settings, window } });
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
      }),
    );
  });

  it('cancels the import a Start waits for; the next Start imports again', async () => {
    const phases: string[] = [];
    let service: InvestigationService | null = null;
    service = serviceFor(
      {},
      {
        onProgress: (p) => {
          phases.push(p.phase);
          // Cancel at the first report: the import has begun and cannot have finished.
          if (phases.length === 1) expect(service?.cancelImport()).toBe(true);
        },
      },
    );
    try {
      await expect(service.start({ settings })).rejects.toBeInstanceOf(ImportCancelledError);
      expect(phases.at(-1)).toBe('cancelled');
      expect(service.cancelImport()).toBe(false);
      expect((await service.start({ settings })).activeSet.length).toBeGreaterThan(0);
      expect(phases.at(-1)).toBe('done');
    } finally {
      service.close();
    }
  });
});

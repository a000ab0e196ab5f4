import { describe, expect, it } from 'vitest';
import { RunAlreadyAsideError } from './errors.js';
import { content, settings, slowHeuristic, withService } from './service-test-support.js';

describe('setting a run aside and bringing it back', () => {
  it('keeps the run exactly as it was while another runs, then brings it back in its place', () =>
    withService(async (service) => {
      await service.start({ settings });
      await service.step();
      await service.step();
      await service.step();
      const before = service.stepBack();
      const events = service.events(-1, 5000).events;

      expect(await service.setAside()).toBe(true);
      // Emptied as a Reset would: the next Start is a fresh investigation.
      expect(service.state()).toMatchObject({ status: 'new', seq: -1, settings: null });
      await service.start({ settings });
      await service.step();
      await expect(service.setAside()).rejects.toBeInstanceOf(RunAlreadyAsideError);

      expect(service.restoreAside()).toBe(true);
      expect(content(service.state())).toEqual(content(before));
      expect(service.events(-1, 5000).events).toEqual(events);
      // Nothing is aside any more.
      expect(service.restoreAside()).toBe(false);
      expect(content(service.state())).toEqual(content(before));
    }));

  it('pauses a run in flight first, as Pause does, and brings it back paused where it stopped', () =>
    withService(async (service) => {
      await service.start({ settings, policy: slowHeuristic(20) });
      service.run();
      expect(await service.setAside()).toBe(true);
      expect(service.state().status).toBe('new');
      expect(service.restoreAside()).toBe(true);
      const back = service.state();
      expect(back.status).toBe('paused');
      expect(back.evaluations).toBeGreaterThan(0);
      expect(service.events(-1, 5000).events.at(-1)?.type).toBe('Paused');
      // Run carries on from there to the end.
      service.run();
      await service.settled();
      expect(service.state().status).toBe('finished');
    }));

  it('waits for a Start in flight (the evidence import) and sets its run aside', () =>
    withService(async (service) => {
      const starting = service.start({ settings });
      expect(await service.setAside()).toBe(true);
      expect(service.state().seq).toBe(-1);
      const started = await starting;
      expect(service.restoreAside()).toBe(true);
      expect(content(service.state())).toEqual(content(started));
    }));

  it('sets nothing aside when no run is open', () =>
    withService(async (service) => {
      expect(await service.setAside()).toBe(false);
      expect(service.restoreAside()).toBe(false);
      await service.start({ settings });
      expect(await service.setAside()).toBe(true);
    }));
});

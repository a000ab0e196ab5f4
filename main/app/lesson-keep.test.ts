import { describe, expect, it } from 'vitest';
import type { Client, InvestigationState } from '../../core/ipc/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { content } from '../session/service-test-support.js';
import { useLessonWorkbench } from './lesson-test-support.js';

const workbench = useLessonWorkbench({ fault: 'code_error', seed: 8, services: 6 });
const client = workbench.client;
/** The investigation states the workbench pushed, in order. */
const pushedStates = (): InvestigationState[] =>
  workbench.pushed.flatMap((p) => (p.event === 'investigation.changed' ? [p.payload as InvestigationState] : []));

async function ledger(c: Client): Promise<LedgerEvent[]> {
  const page = await c.invoke('ledger.events', { afterSeq: -1, limit: 5000 });
  expect(page.hasMore).toBe(false);
  return page.events;
}

/**
 * The analyst's investigation before a lesson: steps, an override, more steps, then a step
 * back, so the viewed position is not the head.
 */
async function investigate(c: Client): Promise<{ state: Omit<InvestigationState, 'revision'>; events: LedgerEvent[] }> {
  await c.invoke('investigation.reset', {});
  await c.invoke('investigation.start', { settings: { budget: 40 } });
  for (let i = 0; i < 3; i++) await c.invoke('investigation.step', {});
  const judged = (await c.invoke('investigation.state', {})).nodes.find((n) => n.belief !== null);
  expect(judged).toBeDefined();
  await c.invoke('investigation.override', { node: judged!.node, label: 'Origin', note: 'the analyst’s own call' });
  await c.invoke('investigation.step', {});
  const state = await c.invoke('investigation.stepBack', {});
  const events = await ledger(c);
  expect(state.seq).toBeLessThan(events.at(-1)!.seq);
  return { state: content(state)!, events };
}

describe('a lesson keeps the analyst’s investigation', () => {
  it('sets it aside at the start and gives it back, same ledger and position, when the lesson is left', async () => {
    const c = client();
    const before = await investigate(c);
    expect((await c.invoke('lesson.status', {})).investigation).toEqual({ evaluations: before.state.evaluations, isRunning: false });

    const started = await c.invoke('lesson.start', { trainee: 'kim' });
    // The lesson walks the engine's investigation from the beginning.
    expect(started.question?.index).toBe(1);
    expect((await c.invoke('lesson.status', {})).investigation?.evaluations).toBe(before.state.evaluations);
    await c.invoke('lesson.answer', { label: 'Symptom', cited: [], hypothesis: '' });
    await c.invoke('lesson.next', {});
    await c.invoke('lesson.answer', { label: 'Healthy', cited: [], hypothesis: '' });
    const pushedBefore = pushedStates().length;
    await c.invoke('lesson.leave', {});

    expect(content(await c.invoke('investigation.state', {}))).toEqual(before.state);
    expect(await ledger(c)).toEqual(before.events);
    // The workbench was told, with the investigation brought back.
    expect(pushedStates().length).toBeGreaterThan(pushedBefore);
    expect(content(pushedStates().at(-1))).toEqual(before.state);
    // And it carries on from where it was: Step moves the view to the head, then evaluates the next node.
    expect((await c.invoke('investigation.step', {})).seq).toBe(before.events.at(-1)!.seq);
    const next = await c.invoke('investigation.step', {});
    expect(next.evaluations).toBe(before.state.evaluations + 2);
    expect((await ledger(c)).slice(0, before.events.length)).toEqual(before.events);
  }, 60_000);

  it('gives it back after a finished lesson, and after a lesson started over another', async () => {
    const c = client();
    const before = await investigate(c);
    await c.invoke('lesson.start', { trainee: 'lee' });
    await c.invoke('lesson.start', { trainee: 'lee' });
    await c.invoke('lesson.answer', { label: 'Origin', cited: [], hypothesis: '' });
    await c.invoke('lesson.finish', {});
    // Finished: the lesson's investigation may be seen, until the trainer goes back to the workbench.
    expect((await c.invoke('investigation.state', {})).status).toBe('finished');
    const status = await c.invoke('lesson.leave', {});
    expect(status.investigation).toEqual({ evaluations: before.state.evaluations, isRunning: false });
    expect(content(await c.invoke('investigation.state', {}))).toEqual(before.state);
    expect(await ledger(c)).toEqual(before.events);
  }, 60_000);

  it('closes the investigation channels while the lesson starts: nothing drives the service under it', async () => {
    const c = client();
    await c.invoke('investigation.reset', {});
    await c.invoke('investigation.start', { settings: { budget: 40 } });
    await c.invoke('investigation.step', {});
    const starting = c.invoke('lesson.start', { trainee: 'ora' });
    await expect(c.invoke('investigation.run', {})).rejects.toThrow(/hidden while a lesson/);
    await starting;
    await c.invoke('lesson.leave', {});
    expect((await c.invoke('investigation.state', {})).evaluations).toBe(1);
  }, 60_000);

  it('leaves the lesson’s investigation open when the analyst had none', async () => {
    const c = client();
    await c.invoke('investigation.reset', {});
    expect((await c.invoke('lesson.status', {})).investigation).toBeNull();
    await c.invoke('lesson.start', { trainee: 'max' });
    await c.invoke('lesson.finish', {});
    await c.invoke('lesson.leave', {});
    expect((await c.invoke('investigation.state', {})).status).toBe('finished');
  }, 60_000);
});

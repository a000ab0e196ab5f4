import { describe, expect, it } from 'vitest';
import { CaseLibrary } from '../cases/index.js';
import { useLessonWorkbench } from './lesson-test-support.js';

const { pushed, client, casesFile } = useLessonWorkbench({ fault: 'network_delay', seed: 3, services: 5 });

describe('a lesson in the workbench', () => {
  it('closes every channel that would show the engine’s labels until the lesson ends, then opens them again', async () => {
    const c = client();
    expect((await c.invoke('lesson.status', {})).hasGroundTruth).toBe(true);
    const view = await c.invoke('lesson.start', { trainee: 'lin' });
    const node = view.question!.node;
    for (const channel of ['investigation.state', 'ledger.events', 'diagnosis.get', 'investigation.step', 'investigation.run'] as const)
      await expect(c.invoke(channel, {})).rejects.toThrow(/hidden while a lesson is in progress/);
    await expect(c.invoke('export.render', { format: 'html' })).rejects.toThrow(/hidden while a lesson/);
    await expect(c.invoke('lesson.class', {})).rejects.toThrow(/hidden while a lesson/);
    const inspected = await c.invoke('node.inspect', { node });
    expect(inspected.belief).toBeNull();
    expect(inspected.history).toEqual([]);
    expect(inspected.packet).toBeNull();
    const graph = await c.invoke('graph.get', {});
    expect(graph.nodes.every((n) => n.label === null)).toBe(true);
    // The charts mark only the evidence the trainee has been shown.
    const charts = await c.invoke('evidence.charts', { node });
    const shown = new Set(view.question!.evidence.map((e) => e.id));
    expect(charts.citations.every((x) => shown.has(x.evidenceId))).toBe(true);
    expect(pushed.filter((p) => p.event === 'investigation.changed')).toEqual([]);

    await c.invoke('lesson.answer', { label: 'Defer', cited: [], hypothesis: '' });
    const finished = await c.invoke('lesson.finish', {});
    expect(finished.score?.steps).toBe(1);
    // Finished: the investigation is visible again, and the UI was told.
    expect((await c.invoke('investigation.state', {})).status).toBe('finished');
    expect(pushed.some((p) => p.event === 'investigation.changed')).toBe(true);
    expect((await c.invoke('lesson.class', {})).rows.map((r) => r.trainee)).toEqual(['lin']);
    const csv = await c.invoke('lesson.export', { format: 'csv' });
    expect(csv.content.split('\r\n')[1]).toContain('lin');
    // The incident's case carries the lesson's outcome (docs/cases.md §1).
    const library = CaseLibrary.open(casesFile);
    expect(library.list().map((r) => r.lesson?.outcome)).toEqual([expect.stringMatching(/^lin: .* over 1 steps/)]);
    library.close();
  }, 60_000);

  it('refuses a bundle that is not one, naming why', async () => {
    await expect(client().invoke('lesson.import', { content: '{"format":"other"}' })).rejects.toThrow(/not a lesson bundle: format/);
    await expect(client().invoke('lesson.import', { content: 'nope' })).rejects.toThrow(/not a lesson bundle/);
  });
});

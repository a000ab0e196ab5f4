/**
 * A lesson from a past case (docs/cases.md §1): the case keeps where its snapshot was opened
 * from; `cases.lesson` opens that snapshot as `snapshot.open` does, and the lesson starts on it
 * with `lesson.start`. A case whose snapshot is gone is refused, naming the case and the path.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../../core/ipc/index.js';
import { CaseLibrary } from '../cases/index.js';
import { useLessonWorkbench } from './lesson-test-support.js';

const work = mkdtempSync(path.join(tmpdir(), 'eog-case-lesson-'));
const workbench = useLessonWorkbench({ fault: 'resource_saturation', seed: 11, services: 5 }, [work]);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Investigates the open snapshot to its end, so its case is recorded; returns the case's name. */
async function investigate(c: Client): Promise<string> {
  await c.invoke('investigation.reset', {});
  await c.invoke('investigation.start', {});
  await c.invoke('investigation.run', {});
  await workbench.settled();
  expect((await c.invoke('investigation.state', {})).status).toBe('finished');
  const summary = await c.invoke('snapshot.current', {});
  return summary!.name;
}

function heldSnapshot(casesFile: string, name: string): string | null | undefined {
  const library = CaseLibrary.open(casesFile);
  try {
    return library.get(name)?.snapshot;
  } finally {
    library.close();
  }
}

describe('a lesson from a past case', () => {
  it('opens the snapshot the case was investigated from, and the lesson starts on it', async () => {
    const c = workbench.client();
    const name = await investigate(c);
    expect(heldSnapshot(workbench.casesFile, name)).toBe(path.resolve(workbench.bundleDir()));

    // From the case's replay, which cannot be a lesson, to its snapshot, which can.
    await c.invoke('cases.open', { case: name });
    await expect(c.invoke('lesson.start', { trainee: 'kim' })).rejects.toMatchObject({ name: 'LessonInputError' });
    const opened = await c.invoke('cases.lesson', { case: name });
    expect(opened.name).toBe(name);
    expect(workbench.pushed.at(-1)).toMatchObject({ event: 'snapshot.changed', payload: { name } });
    expect((await c.invoke('app.info', {})).isReplay).toBe(false);
    const lesson = await c.invoke('lesson.start', { trainee: 'kim' });
    expect(lesson.question?.index).toBe(1);
    await c.invoke('lesson.leave', {});
  }, 120_000);

  it('refuses a case whose snapshot is not there any more, naming both, and leaves the open snapshot as it was', async () => {
    const c = workbench.client();
    // The same incident investigated from a copy: its case now says the copy, which is then removed.
    const copy = path.join(work, 'copy');
    cpSync(workbench.bundleDir(), copy, { recursive: true });
    await c.invoke('snapshot.open', { path: copy });
    const name = await investigate(c);
    expect(heldSnapshot(workbench.casesFile, name)).toBe(copy);
    await c.invoke('snapshot.open', { path: workbench.bundleDir() });
    rmSync(copy, { recursive: true, force: true });

    await expect(c.invoke('cases.lesson', { case: name })).rejects.toMatchObject({
      name: 'CaseSnapshotGoneError',
      message: expect.stringContaining(`The snapshot of case "${name}" was at ${copy} and is not there any more`),
    });
    await expect(c.invoke('cases.lesson', { case: 'never-seen' })).rejects.toMatchObject({ name: 'CaseNotFoundError' });
    expect((await c.invoke('app.info', {})).isReplay).toBe(false);
    expect((await c.invoke('lesson.status', {})).isAvailable).toBe(true);
  }, 120_000);
});

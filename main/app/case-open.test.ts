/**
 * The case library in the app (docs/cases.md, docs/ui.md): a Start names the library (the app's
 * setting) or uses the host's; a past case opens as a read-only replay of its recording, through
 * the same replay road as a saved ledger; a case without one is refused by name.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, dispatch, type CasesChoice, type Transport } from '../../core/ipc/index.js';
import { caseRecord } from '../../core/cases/testing/records.js';
import { CaseLibrary } from '../cases/index.js';
import { findPackageRoot } from '../platform/index.js';
import { createWorkbench, type Workbench } from './workbench.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'resources', 'sample');
const CASE = 'Worked example: checkout outage during a flash sale';
const work = mkdtempSync(path.join(tmpdir(), 'eog-app-cases-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function open(casesFile: string | null): { workbench: Workbench; client: ReturnType<typeof createClient> } {
  const workbench = createWorkbench({ snapshot: fixture, host: 'web', version: 't', investigations: {}, casesFile, roots: [work] });
  const transport: Transport = { invoke: (c, i) => dispatch(workbench.handlers, c, i), on: () => () => {} };
  return { workbench, client: createClient(transport) };
}

async function investigate(client: ReturnType<typeof createClient>, workbench: Workbench, cases?: CasesChoice) {
  await client.invoke('investigation.start', cases ? { cases } : {});
  await client.invoke('investigation.run', {});
  await workbench.settled();
  return client.invoke('diagnosis.get', {});
}

/** Ledger folders the case replays wrote and left behind. */
const leftovers = (): string[] => readdirSync(tmpdir()).filter((d) => d.startsWith('eog-case-'));

describe('past cases in the app', () => {
  it('opens a recorded case as a read-only replay of what was found then', async () => {
    const file = path.join(work, 'host.sqlite');
    const { workbench, client } = open(file);
    try {
      expect(await client.invoke('cases.info', {})).toEqual({ hostFile: file, file });
      const live = await investigate(client, workbench);
      expect(live.similar).toEqual([]);
      expect(live.frontier.length, JSON.stringify(live.outcome)).toBeGreaterThan(0);
      const before = leftovers();

      const seen: string[] = [];
      workbench.subscribe((event) => seen.push(event));
      const summary = await client.invoke('cases.open', { case: CASE });
      expect(summary.name).toBe(`Past case ${CASE}`);
      expect(seen).toContain('snapshot.changed');
      const info = await client.invoke('app.info', {});
      expect(info.isReplay).toBe(true);
      expect(info.capabilities.overrides).toBe(false);
      const state = await client.invoke('investigation.run', {});
      expect(state.status).toBe('finished');
      expect(state.frontier).toEqual(live.frontier);
      const replayed = await client.invoke('diagnosis.get', {});
      expect(replayed.frontier).toEqual(live.frontier);
      // A replay is read only and is no case of its own: the library still holds the one case.
      await expect(client.invoke('investigation.override', { node: live.frontier[0] ?? '', label: 'Healthy' })).rejects.toMatchObject({
        name: 'ReadOnlyInvestigationError',
      });
      const library = CaseLibrary.open(file);
      expect(library.list().map((c) => c.case)).toEqual([CASE]);
      library.close();
      expect(leftovers()).toEqual(before);
    } finally {
      workbench.close();
    }
  }, 120_000);

  it('refuses a case without a recording, and an unknown case, naming it', async () => {
    const file = path.join(work, 'bare.sqlite');
    const library = CaseLibrary.open(file);
    const hostile = '<img src=x onerror=alert(1)>';
    library.record(caseRecord({ case: hostile }), null);
    library.close();
    const { workbench, client } = open(file);
    try {
      await expect(client.invoke('cases.open', { case: hostile })).rejects.toMatchObject({
        name: 'CaseWithoutRecordingError',
        message: expect.stringContaining(`"${hostile}" has no recording`),
      });
      // Nor does it say where its snapshot was: no lesson can start from it.
      await expect(client.invoke('cases.lesson', { case: hostile })).rejects.toMatchObject({
        name: 'CaseWithoutSnapshotError',
        message: expect.stringContaining(`"${hostile}" does not say where its snapshot was opened from`),
      });
      await expect(client.invoke('cases.open', { case: 'never-seen' })).rejects.toMatchObject({
        name: 'CaseNotFoundError',
        message: expect.stringContaining('"never-seen"'),
      });
      // Nothing was opened: the snapshot is still the one shown.
      expect((await client.invoke('app.info', {})).isReplay).toBe(false);
    } finally {
      workbench.close();
    }
  });

  it("uses the library a Start names (the app's setting), or none", async () => {
    const { workbench, client } = open(null);
    try {
      expect(await client.invoke('cases.info', {})).toEqual({ hostFile: null, file: null });
      expect((await investigate(client, workbench)).similar).toBeUndefined();
      await expect(client.invoke('cases.open', { case: CASE })).rejects.toMatchObject({ name: 'NoCaseLibraryError' });

      const chosen = path.join(work, 'chosen', 'cases.sqlite');
      await client.invoke('investigation.reset', {});
      expect((await investigate(client, workbench, { file: chosen })).similar).toEqual([]);
      expect(await client.invoke('cases.info', {})).toEqual({ hostFile: null, file: chosen });
      const library = CaseLibrary.open(chosen);
      expect(library.list().map((c) => c.case)).toEqual([CASE]);
      library.close();

      await client.invoke('investigation.reset', {});
      expect((await investigate(client, workbench, { file: null })).similar).toBeUndefined();
      expect((await client.invoke('cases.info', {})).file).toBeNull();
    } finally {
      workbench.close();
    }
  }, 120_000);

  it('names a library file that cannot be opened', async () => {
    const { workbench, client } = open(null);
    try {
      // A folder is no SQLite file.
      await expect(client.invoke('investigation.start', { cases: { file: work } })).rejects.toMatchObject({
        name: 'CaseLibraryOpenError',
        message: expect.stringContaining(work),
      });
    } finally {
      workbench.close();
    }
  });
});

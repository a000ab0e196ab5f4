/**
 * Allowed roots (#48, item 3): the workbench opens, probes and creates files only under what the
 * user gave its host; everything else is refused with one message that says nothing of what is
 * there. Real files and symlinks in a temporary folder.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, dispatch, type Transport } from '../../core/ipc/index.js';
import { defaultDataDir, findPackageRoot } from '../platform/index.js';
import { AllowedRoots, PATH_NOT_ALLOWED, realPathOf } from './allowed-roots.js';
import { createWorkbench, type WorkbenchOptions } from './workbench.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'e2e', 'fixtures', 'sample');
const work = mkdtempSync(path.join(tmpdir(), 'eog-roots-'));
const root = path.join(work, 'root');
const outside = path.join(work, 'outside');
mkdirSync(root);
mkdirSync(outside);
cpSync(fixture, path.join(root, 'bundle'), { recursive: true });
cpSync(fixture, path.join(outside, 'bundle'), { recursive: true });
writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET');
symlinkSync(path.join(outside, 'bundle'), path.join(root, 'escape'));
symlinkSync(path.join(outside, 'later.sqlite'), path.join(root, 'dangling.sqlite'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function clientFor(options: Partial<WorkbenchOptions> = {}) {
  const workbench = createWorkbench({ snapshot: null, host: 'web', version: 't', investigations: {}, roots: [root], ...options });
  const transport: Transport = { invoke: (c, i) => dispatch(workbench.handlers, c, i), on: () => () => {} };
  return { workbench, client: createClient(transport) };
}

/** What a call was refused with, as the client sees it. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; message: string }> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('the call was not refused');
  return { name: error.name, message: error.message };
}

/** Paths outside every root: missing, a file, a folder, a valid bundle, ones the host may not read. */
const outsidePaths = [
  path.join(outside, 'missing'),
  path.join(outside, 'secret.txt'),
  outside,
  path.join(outside, 'bundle'),
  '/etc',
  '/etc/shadow',
  '/root/.ssh',
  '/root/.ssh/id_rsa',
  `${root}/../outside/bundle`,
  `${root}/not-yet/../../outside/bundle`,
  path.join(root, 'escape'),
  path.join(root, 'escape', 'snapshot.json'),
];

describe('allowed roots: opening and probing', () => {
  it('refuses every path outside the roots with the same message, whatever is there', async () => {
    const { client, workbench } = clientFor();
    try {
      const seen = new Set<string>();
      for (const p of outsidePaths) {
        for (const call of [client.invoke('snapshot.probe', { path: p }), client.invoke('snapshot.open', { path: p })]) {
          const refused = await refusal(call);
          expect(refused, p).toEqual({ name: 'PathNotAllowedError', message: PATH_NOT_ALLOWED });
          seen.add(refused.message);
        }
        for (const spec of [`sqlite:${p}`, `chdb:${p}`]) seen.add((await refusal(client.invoke('snapshot.open', { path: spec }))).message);
      }
      expect([...seen]).toEqual([PATH_NOT_ALLOWED]);
      expect(PATH_NOT_ALLOWED).not.toMatch(/exist|not found|director|file is|permission/i);
      expect(workbench.current()).toBeNull();
    } finally {
      workbench.close();
    }
  });

  it('opens and probes what lies under a root, the data folder and the snapshot the host was started with', async () => {
    const data = path.join(defaultDataDir(), 'roots-test-bundle');
    cpSync(fixture, data, { recursive: true });
    const { client, workbench } = clientFor({ snapshot: fixture });
    try {
      expect((await client.invoke('snapshot.probe', { path: path.join(root, 'bundle') })).format).toBe('native');
      expect((await client.invoke('snapshot.open', { path: `${root}/bundle/../bundle` })).entityCount).toBe(12);
      expect((await client.invoke('snapshot.open', { path: data })).entityCount).toBe(12);
      expect((await client.invoke('snapshot.open', { path: fixture })).entityCount).toBe(12);
      // Inside a root, the usual errors say what is wrong.
      await expect(client.invoke('snapshot.open', { path: path.join(root, 'missing') })).rejects.toMatchObject({
        name: 'SnapshotNotFoundError',
      });
    } finally {
      workbench.close();
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('allowed roots: files a Start creates or reads', () => {
  it('refuses a store, a case library or a knowledge file outside the roots, and creates nothing there', async () => {
    const { client, workbench } = clientFor({ snapshot: path.join(root, 'bundle') });
    try {
      const starts = [
        { store: path.join(outside, 'store.sqlite') },
        { store: `sqlite:${path.join(outside, 'store.sqlite')}` },
        { store: `chdb:${path.join(outside, 'chdb')}` },
        { store: path.join(root, 'dangling.sqlite') },
        { cases: { file: path.join(outside, 'cases.sqlite') } },
        { cases: { file: path.join(root, 'escape', 'cases.sqlite') } },
        { settings: { causalGraph: { files: [path.join(outside, 'secret.txt')] } } },
        { settings: { causalGraph: { files: ['/etc/shadow'] } } },
      ];
      for (const start of starts) {
        const refused = await refusal(client.invoke('investigation.start', start));
        expect(refused, JSON.stringify(start)).toEqual({ name: 'PathNotAllowedError', message: PATH_NOT_ALLOWED });
      }
      for (const made of ['store.sqlite', 'chdb', 'cases.sqlite', 'later.sqlite', path.join('bundle', 'cases.sqlite')])
        expect(existsSync(path.join(outside, made)), made).toBe(false);
      // Inside a root they are created as before.
      const store = path.join(root, 'store.sqlite');
      const cases = path.join(root, 'cases.sqlite');
      await client.invoke('investigation.start', { settings: { budget: 3 }, store, cases: { file: cases } });
      await client.invoke('investigation.run', {});
      await workbench.settled();
      expect(existsSync(store)).toBe(true);
      expect(existsSync(cases)).toBe(true);
    } finally {
      workbench.close();
    }
  });
});

describe("allowed roots: the app's open dialog", () => {
  it('adds the folder the user chooses, and only when the host has a dialog', async () => {
    const chosen = path.join(outside, 'bundle');
    const { client, workbench } = clientFor({ choosePath: async () => chosen });
    try {
      expect((await client.invoke('app.info', {})).capabilities.choosePath).toBe(true);
      await expect(client.invoke('snapshot.open', { path: chosen })).rejects.toMatchObject({ name: 'PathNotAllowedError' });
      expect(await client.invoke('snapshot.choose', { kind: 'folder' })).toEqual({ path: chosen });
      expect((await client.invoke('snapshot.open', { path: chosen })).entityCount).toBe(12);
      // Its sibling was not chosen.
      await expect(client.invoke('snapshot.probe', { path: path.join(outside, 'secret.txt') })).rejects.toMatchObject({
        name: 'PathNotAllowedError',
      });
    } finally {
      workbench.close();
    }
    const web = clientFor();
    try {
      expect((await web.client.invoke('app.info', {})).capabilities.choosePath).toBe(false);
      await expect(web.client.invoke('snapshot.choose', { kind: 'folder' })).rejects.toMatchObject({ name: 'NotAvailableError' });
    } finally {
      web.workbench.close();
    }
  });

  it('adds nothing when the dialog is cancelled', async () => {
    const { client, workbench } = clientFor({ choosePath: async () => null });
    try {
      expect(await client.invoke('snapshot.choose', { kind: 'file' })).toEqual({ path: null });
      await expect(client.invoke('snapshot.probe', { path: outside })).rejects.toMatchObject({ name: 'PathNotAllowedError' });
    } finally {
      workbench.close();
    }
  });
});

describe('realPathOf', () => {
  it('resolves symlinks and `..` as the system does, through the nearest existing ancestor', () => {
    const real = realPathOf(work) ?? '';
    expect(realPathOf(path.join(root, 'escape', 'snapshot.json'))).toBe(path.join(real, 'outside', 'bundle', 'snapshot.json'));
    expect(realPathOf(`${root}/escape/../secret.txt`)).toBe(path.join(real, 'outside', 'secret.txt'));
    expect(realPathOf(`${root}/a/b/../c`)).toBe(path.join(real, 'root', 'a', 'c'));
    expect(realPathOf(path.join(root, 'dangling.sqlite'))).toBe(path.join(real, 'outside', 'later.sqlite'));
    const loop = path.join(work, 'loop');
    symlinkSync(loop, loop);
    expect(realPathOf(path.join(loop, 'x'))).toBeNull();
    expect(new AllowedRoots([work]).isAllowed(loop)).toBe(false);
  });

  it('follows a root that is itself a symlink', () => {
    const link = path.join(work, 'root-link');
    symlinkSync(root, link);
    const roots = new AllowedRoots([link]);
    expect(roots.isAllowed(path.join(root, 'bundle'))).toBe(true);
    expect(roots.isAllowed(path.join(link, 'escape'))).toBe(false);
    expect(roots.isAllowed(`${root}-other`)).toBe(false);
  });
});

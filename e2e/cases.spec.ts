import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SimilarCase } from '../core/cases/index.js';
import { generateIncident } from '../main/generate/index.js';
import { runCli, startServe, type Served } from './serve.js';
import { evaluationsText, WorkbenchPage } from './workbench-page.js';

/**
 * "Have we seen this before?" in the app (docs/cases.md, docs/ui.md): a case library made by
 * the CLI with two past ConfigMap-change incidents, one named with markup; a third incident
 * served with `--cases` shows both beside its diagnosis, with their scores and what they share;
 * one opens as a read-only replay of what was found then. Settings shows the library and can
 * switch it off, and the choice is kept.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';
/** Seeded generator incidents of one fault kind whose roots are different ConfigMaps. */
const PAST = 'gen-6svc-seed4';

let dir: string;
let library: string;
let now: string;
let expected: SimilarCase[];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-cases-'));
  library = path.join(dir, 'cases.sqlite');
  const bundle = async (seed: number): Promise<string> => {
    const out = path.join(dir, `seed${seed}`);
    await generateIncident(out, { fault: 'config_change', seed, services: 6 });
    return out;
  };
  const hostile = await bundle(1);
  // A case is named by its snapshot: a name with markup in it is hostile text the UI must show as text.
  const manifest = path.join(hostile, 'snapshot.json');
  writeFileSync(manifest, JSON.stringify({ ...(JSON.parse(readFileSync(manifest, 'utf8')) as object), name: HOSTILE }));
  const past = await bundle(4);
  now = await bundle(5);
  for (const b of [hostile, past]) await runCli(['investigate', b, '--cases', library, '--out', path.join(dir, 'd.json')]);
  // What the library says of the served incident, without investigating it: the UI must show the same.
  const similar = JSON.parse(await runCli(['cases', 'similar', now, '--cases', library])) as { similar: unknown };
  expected = SimilarCase.array().parse(similar.similar);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serve(page: Page): Promise<{ app: WorkbenchPage; served: Served }> {
  // The past cases' snapshots are the user's too: a lesson on one opens it (--allow, main/app/allowed-roots.ts).
  const served = await startServe(now, ['--cases', library, '--allow', dir]);
  const app = new WorkbenchPage(page);
  await page.goto(served.url);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await expect(app.status).toContainText('Connected');
  return { app, served };
}

test('similar past cases show beside the diagnosis, hostile names as text, and open as read-only replays', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { app, served } = await serve(page);
  try {
    expect(expected.map((s) => s.case).sort()).toEqual([HOSTILE, PAST].sort());
    await expect(app.button('Run')).toBeEnabled();
    await app.runToEnd();

    const similar = page.getByRole('region', { name: 'Similar past cases' });
    const items = similar.locator('li.similar-case');
    // Best first, as the library ranks them.
    await expect(items.locator('.similar-name')).toHaveText(expected.map((s) => s.case));
    for (const s of expected) {
      const item = items.filter({ has: page.locator('.similar-name', { hasText: s.case }) });
      await expect(item.locator('.similar-score')).toHaveText(`score ${s.score.toFixed(2)}`);
      await expect(item.locator('.similar-found')).toContainText(`Found then: ${s.frontier[0] ?? ''}, a ${s.cause} cause`);
      await expect(item.getByRole('list', { name: 'Shared' }).getByRole('listitem')).toHaveText(s.why);
    }
    expect(expected.find((s) => s.case === PAST)?.why).toContain('change ConfigMap config');
    // The markup in the case's name is text on the page: no element was made of it, nothing ran.
    await expect(similar.getByText(HOSTILE, { exact: true })).toBeVisible();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);

    // Open the other incident's case: its recording replays read-only, down to what it found.
    const past = expected.find((s) => s.case === PAST);
    const pastItem = items.filter({ has: page.locator('.similar-name', { hasText: PAST }) });
    await pastItem.getByRole('button', { name: 'Open replay' }).click();
    await expect(page.locator('.snapshot-name')).toHaveText(`Past case ${PAST}`);
    await expect(page.getByRole('note').filter({ hasText: 'Replay (read-only)' })).toBeVisible();
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    await expect(app.status).toContainText(evaluationsText(0));
    await expect(app.button('Run')).toBeEnabled();
    await app.runToEnd();
    await expect(app.result).toHaveAttribute('data-frontier', (past?.frontier ?? []).join(' '));
    // A replay has no similar cases of its own (it is no new incident) and cannot be changed.
    await expect(similar).toHaveCount(0);
    await app.select(past?.frontier[0] ?? '');
    await expect(app.inspector.getByRole('button', { name: 'Override' })).toBeDisabled();
    // From the replay's header, a trainer starts a lesson on the case's own snapshot.
    await page.getByRole('banner').getByRole('button', { name: 'Start a lesson on this case' }).click();
    await expect(page.locator('.snapshot-name')).toHaveText(PAST);
    await expect(page.getByRole('note').filter({ hasText: 'Replay (read-only)' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Trainer' }).getByRole('form', { name: 'Start a lesson' })).toBeVisible();
    expect(dialogs).toEqual([]);
  } finally {
    await served.stop();
  }
});

test('a similar past case starts a lesson on the snapshot it was investigated from', async ({ page }) => {
  const { app, served } = await serve(page);
  try {
    await expect(app.button('Run')).toBeEnabled();
    await app.runToEnd();
    const item = page
      .getByRole('region', { name: 'Similar past cases' })
      .locator('li.similar-case')
      .filter({ has: page.locator('.similar-name', { hasText: PAST }) });
    await item.getByRole('button', { name: 'Start a lesson' }).click();
    // The incident itself is open (not its replay), and the trainer's start form is shown.
    await expect(page.locator('.snapshot-name')).toHaveText(PAST);
    await expect(page.getByRole('note').filter({ hasText: 'Replay (read-only)' })).toHaveCount(0);
    const trainer = page.getByRole('region', { name: 'Trainer' });
    await expect(trainer.getByRole('form', { name: 'Start a lesson' })).toContainText('has a ground truth');
    await trainer.getByLabel('Trainee').fill('ada');
    await trainer.getByRole('button', { name: 'Start lesson' }).click();
    await expect(trainer.getByRole('region', { name: 'Lesson step' })).toHaveAttribute('data-step', '1');
  } finally {
    await served.stop();
  }
});

test('Settings shows the case library in use and can switch it off; the choice is kept', async ({ page }) => {
  const { app, served } = await serve(page);
  try {
    await app.openTab('Settings');
    const choice = page.getByLabel('Library', { exact: true });
    await expect(choice.locator('option[value="host"]')).toHaveText(`The workbench’s: ${library}`);
    await expect(page.getByTestId('cases-in-use')).toHaveText(`In use: ${library}`);
    await choice.selectOption('none');

    // Kept between sessions: a reload shows the choice, and the next Start uses no library.
    await page.reload();
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    await app.openTab('Settings');
    await expect(choice).toHaveValue('none');
    await expect(app.button('Run')).toBeEnabled();
    await app.runToEnd();
    await expect(app.result.getByRole('heading', { level: 3, name: 'Propagation chain' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Similar past cases' })).toHaveCount(0);
    await app.openTab('Settings');
    await expect(page.getByTestId('cases-in-use')).toHaveText('In use: none');
  } finally {
    await served.stop();
  }
});

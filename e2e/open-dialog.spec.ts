import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { allowedTempDir, sampleDir } from './sample.js';
import { NEZHA_SLICE } from '../main/convert/nezha/test-fixtures.js';
import { runCli } from './serve.js';
import { evaluationsText, WorkbenchPage } from './workbench-page.js';

/** A real slice of the Nezha dataset: one day, two incidents (main/convert/nezha/fixtures/README.md). */
const NEZHA = NEZHA_SLICE;

async function openPath(page: Page, target: string): Promise<void> {
  await page.getByLabel('Snapshot, dataset or ledger path').fill(target);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

/** Leaves the shared server on the sample for the other specs. */
async function reopenSample(app: WorkbenchPage, sampleHash: string): Promise<void> {
  await openPath(app.page, sampleDir());
  await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
}

test('a Nezha dataset root asks which incident, then opens the one chosen', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
  try {
    await openPath(page, NEZHA);
    const incident = page.getByLabel('Nezha incident');
    await expect(incident.locator('option')).toHaveCount(2);
    // The picker names day, position and time only: never the pod or fault it would give away.
    await expect(incident.locator('option').first()).toHaveText(/^2023-01-30 · incident 1 · \d\d:\d\d UTC$/);
    await incident.selectOption('2023-01-30-f02');
    await page.getByRole('button', { name: 'Open incident' }).click();
    // Opening converts the incident from the raw files and imports it: real work, seconds on a busy machine.
    await expect(page.locator('.snapshot-name')).toHaveText('2023-01-30-f02', { timeout: 40_000 });
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    expect(Number(await app.graph.getAttribute('data-node-count'))).toBeGreaterThan(20);
  } finally {
    await reopenSample(app, sampleHash);
  }
});

test('a saved ledger replays read-only: Step and Run move through the recording, overrides are off', async ({ page }) => {
  const dir = allowedTempDir('eog-e2e-ledger-');
  const ledger = path.join(dir, 'sample.ledger');
  await runCli(['investigate', sampleDir(), '--ledger', ledger, '--out', path.join(dir, 'diagnosis.json')]);
  const app = new WorkbenchPage(page);
  await app.open();
  const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
  try {
    await openPath(page, ledger);
    await expect(page.getByRole('note').filter({ hasText: 'Replay (read-only)' })).toBeVisible();
    await expect(page.locator('.snapshot-name')).toHaveText('Replay of sample.ledger');
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    await expect(app.status).toContainText(evaluationsText(0));
    await app.step();
    await app.step();
    await app.button('Step back').click();
    await expect(app.status).toContainText(evaluationsText(1));
    await app.runToEnd();
    await expect(app.result.getByRole('listitem').first()).toHaveText('shop/Service/frontend');
    await app.select('shop/Service/frontend');
    await expect(app.inspector.getByRole('button', { name: 'Override' })).toBeDisabled();
  } finally {
    await reopenSample(app, sampleHash);
    rmSync(dir, { recursive: true, force: true });
  }
});

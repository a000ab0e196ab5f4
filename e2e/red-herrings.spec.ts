import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { generateIncident } from '../main/generate/index.js';
import { startServe, type Served } from './serve.js';
import { WorkbenchPage } from './workbench-page.js';

let served: Served;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-red-herring-'));
  // A feature-flag surge with an unrelated deploy earlier (docs/changes.md): the deploy is a red herring.
  await generateIncident(dir, { fault: 'feature_flag_deploy', seed: 1, services: 12 });
  served = await startServe(dir);
});

test.afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the hypothesis panel lists the unrelated deploy as a refuted change, its evidence clickable', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.goto(served.url);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Hypothesis layer (Graph of States)').check();
  await app.runToEnd();

  await app.openTab('Hypotheses');
  const panel = page.getByRole('region', { name: 'Hypotheses' });
  const herrings = panel.getByTestId('red-herrings');
  await expect(herrings).toContainText('Refuted changes (red herrings)');
  const item = herrings.locator('[data-status="refuted"]').first();
  // The node that weighed the deploy is one of its alias group (the Service or the Deployment).
  await expect(item).toContainText(/shop\/(Deployment|Service)\/currency/);
  await expect(item).toContainText('a red herring');
  // The refuting observations open in the inspector like any hypothesis evidence.
  const refute = item.locator('.hypothesis-evidence.refute button').first();
  const id = await refute.getAttribute('data-evidence');
  await refute.click();
  await expect(app.inspector).toHaveAttribute('data-node', /^shop\/(Deployment|Service)\/currency$/);
  await expect(app.inspector.locator(`li.picked[data-evidence-id="${id ?? ''}"]`)).toBeVisible();
});

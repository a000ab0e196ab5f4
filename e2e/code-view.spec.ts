import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { writeFlagIncident } from '../main/session/testing/flag-incident.js';
import { runCli, startServe, type Served } from './serve.js';
import { WorkbenchPage } from './workbench-page.js';

let served: Served;
let dir: string;
let origin: string;
let cache: string;

test.beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-code-'));
  dir = path.join(tmp, 'bundle');
  // The parse cache goes to the test's folder, never the user's cache (the CLI children inherit it).
  cache = path.join(tmp, 'code-cache');
  process.env['EOG_CODE_CACHE'] = cache;
  await runCli(['generate', '--fault', 'code_error', '--services', '6', '--seed', '3', '--rate', '20', '--with-source', '--out', dir]);
  // The test (never the workbench) reads the answer: the failing service's name.
  const truth = parse(readFileSync(path.join(dir, 'ground_truth.yaml'), 'utf8')) as {
    groups: Array<{ name?: string; namespace?: string }>;
  };
  const root = truth.groups[0];
  origin = `${root?.namespace ?? 'shop'}/Service/${root?.name ?? ''}`;
  served = await startServe(dir);
});

test.afterAll(async () => {
  await served?.stop();
  rmSync(path.dirname(dir), { recursive: true, force: true });
});

test('a generated code fault is diagnosed down to the function, shown in the inspector with its source', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.goto(served.url);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await app.runToEnd();
  await app.select(origin);
  const code = app.inspector.getByTestId('code-view');
  await expect(code).toBeVisible();
  const block = code.getByTestId('code-block').first();
  await expect(block).toHaveAttribute('data-function', 'handle');
  await expect(block).toHaveAttribute('data-file', /Handler\.java$/);
  await expect(block.locator('pre')).toContainText('.getId()');
  await expect(code).toContainText('frame');
  expect(readdirSync(cache).length).toBeGreaterThan(0);
});

test('a flag switched in a ConfigMap: the ConfigMap’s code view names the service that reads the flag and its branch', async ({ page }) => {
  const incident = writeFlagIncident(path.join(path.dirname(dir), 'flag-bundle'), { source: true });
  const flagServed = await startServe(incident.dir);
  try {
    const app = new WorkbenchPage(page);
    await page.goto(flagServed.url);
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    await app.runToEnd();
    await app.select(incident.configMap);
    const code = app.inspector.getByTestId('code-view');
    await expect(code.getByTestId('code-services')).toContainText('otel-demo/Service/cart');
    const block = code.getByTestId('code-block').first();
    await expect(block).toHaveAttribute('data-service', 'otel-demo/Service/ad');
    await expect(block).toHaveAttribute('data-file', 'src/main/java/oteldemo/AdService.java');
    await expect(block.locator('pre')).toContainText('ffClient.getBooleanValue(AD_FAILURE');
    // Cart is searched (it mounts the same file) but reads no changed key: no block of its own.
    await expect(code.locator('[data-testid="code-block"][data-service="otel-demo/Service/cart"]')).toHaveCount(0);
  } finally {
    await flagServed.stop();
  }
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { generateIncident } from '../main/generate/index.js';
import { ChdbRunner } from '../main/store/clickhouse/chdb-runner.js';
import { writeAsCollector } from '../main/store/clickhouse/testing/collector-writer.js';
import { allowedTempDir, sampleDir } from './sample.js';
import { startServe } from './serve.js';
import { WorkbenchPage } from './workbench-page.js';
import { formatDateTime } from '../core/time/index.js';

const iso = (ms: number): string => new Date(ms).toISOString();
/** As the status bar shows an incident time: 24-hour UTC, the zone written (docs/ui.md §3). */
const shown = (ms: number): string => formatDateTime(ms);

test.describe('a ClickHouse database the OpenTelemetry Collector wrote (chdb:DIR)', () => {
  let parent = '';
  let database = '';
  let onset = 0;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    parent = allowedTempDir('eog-e2e-store-');
    const incident = await generateIncident(path.join(parent, 'bundle'), { fault: 'network_delay', seed: 7, services: 5 });
    onset = Date.parse(incident.onset);
    database = path.join(parent, 'collector');
    // This runner's engine is closed before the host opens the directory in its own process.
    const runner = await ChdbRunner.open(database);
    try {
      writeAsCollector(runner, incident.dir);
    } finally {
      runner.close();
    }
  });
  test.afterAll(() => rmSync(parent, { recursive: true, force: true }));

  test('opens from the dialog with its capture times shown, places the window, and says what is wrong as text', async ({ page }) => {
    test.setTimeout(180_000);
    const app = new WorkbenchPage(page);
    await app.open();
    const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
    const error = app.status.getByRole('alert');
    const openPath = async (target: string): Promise<void> => {
      await page.getByLabel('Snapshot, dataset or ledger path').fill(target);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
    };
    try {
      await openPath(`chdb:${database}`);
      await expect(page.locator('.snapshot-name')).toHaveText(`chdb:${database}`, { timeout: 90_000 });
      await expect(app.graph).toHaveAttribute('data-layout', 'done');
      expect(Number(await app.graph.getAttribute('data-node-count'))).toBeGreaterThan(10);
      // A Collector database: the fields that place its window are shown.
      await expect(page.getByLabel('Incident time', { exact: true })).toBeVisible();

      // A window outside the telemetry is refused, said as text; the database stays open.
      const hostile = `<img src=x onerror="document.title='pwned'">`;
      await page.getByLabel('Window', { exact: true }).fill('2001-01-01T00:00:00Z/2001-01-01T01:00:00Z');
      await openPath(`chdb:${database}`);
      await expect(error).toContainText('the chosen window 2001-01-01T00:00:00.000Z/2001-01-01T01:00:00.000Z holds no telemetry');
      await expect(page.locator('.snapshot-name')).toHaveText(`chdb:${database}`);

      await page.getByLabel('Incident time', { exact: true }).fill(iso(onset));
      await page.getByLabel('Window', { exact: true }).fill(`${iso(onset - 20 * 60_000)}/${iso(onset + 10 * 60_000)}`);
      await openPath(`chdb:${database}`);
      await expect(app.status).toContainText(`incident ${shown(onset)}`, { timeout: 90_000 });
      await expect(error).toHaveCount(0);

      // An unknown file is named in the error, shown as the text it is.
      await page.getByLabel('Incident time', { exact: true }).fill('');
      await page.getByLabel('Window', { exact: true }).fill('');
      await openPath(path.join(parent, hostile));
      await expect(error).toContainText(hostile);
      await expect(app.status.locator('img')).toHaveCount(0);
      expect(await page.title()).not.toBe('pwned');
    } finally {
      await page.getByLabel('Incident time', { exact: true }).fill('');
      await page.getByLabel('Window', { exact: true }).fill('');
      await openPath(sampleDir());
      await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash, { timeout: 30_000 });
      await expect(app.graph).toHaveAttribute('data-layout', 'done');
    }
  });

  test('eog serve opens it with --incident-time and --window', async ({ page }) => {
    test.setTimeout(180_000);
    const served = await startServe(`chdb:${database}`, [
      '--incident-time',
      iso(onset),
      '--window',
      `${iso(onset - 20 * 60_000)}/${iso(onset + 10 * 60_000)}`,
    ]);
    try {
      const app = new WorkbenchPage(page);
      await page.goto(served.url);
      await expect(app.graph).toHaveAttribute('data-layout', 'done', { timeout: 60_000 });
      await expect(page.locator('.snapshot-name')).toHaveText(`chdb:${database}`);
      await expect(app.status).toContainText(`incident ${shown(onset)}`);
      expect(Number(await app.graph.getAttribute('data-node-count'))).toBeGreaterThan(10);
    } finally {
      await served.stop();
    }
  });
});

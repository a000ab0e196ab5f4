import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { allowedTempDir, sampleDir } from './sample.js';
import { writeCaptureFolder } from '../main/convert/capture/testing/capture-folder.js';
import { startServe } from './serve.js';
import { WorkbenchPage } from './workbench-page.js';
import { formatDateTime } from '../core/time/index.js';

test('a folder of OTLP / Prometheus / kubectl exports opens converted; conversion and import warnings listed as text with file and line', async ({
  page,
}) => {
  const parent = allowedTempDir('eog-e2e-capture-');
  // The converters' own test exports, plus a kubectl list whose kind is markup.
  const capture = writeCaptureFolder(path.join(parent, 'checkout-incident'), { hostile: true });
  const app = new WorkbenchPage(page);
  await app.open();
  const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
  const openPath = async (target: string): Promise<void> => {
    await page.getByLabel('Snapshot, dataset or ledger path').fill(target);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
  };
  try {
    await openPath(capture);
    await expect(page.locator('.snapshot-name')).toHaveText('checkout-incident', { timeout: 30_000 });
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    expect(Number(await app.graph.getAttribute('data-node-count'))).toBeGreaterThan(5);

    await app.status.getByText(/\d+ warnings about this snapshot/).click();
    const warnings = page.getByRole('list', { name: 'Snapshot warnings' });
    await expect(warnings).toContainText('capture: kubectl/before.json: line 332: kind Rollout is not one the converter reads');
    // The hostile kind is shown as the text it is: no element made of it, no script run.
    await expect(warnings).toContainText(`capture: kubectl/custom.json: line 5: kind <img src=x onerror="document.title='pwned'">`);
    await expect(warnings.locator('img')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');

    // Start imports the converted bundle through the investigation service, as for any bundle;
    // the import's own warnings join the list: a failing call's status names a callee no entity has.
    await app.runToEnd();
    await expect(app.result.getByRole('listitem').first()).toBeVisible();
    await expect(warnings).toContainText(
      `import: spans.jsonl.gz: error statuses of shop/Pod/frontend-7d8bb-rnvjn name "ledger-gateway" (3 in the window, e.g. "downstream ledger-gateway returned 503 <img src=x onerror=`,
    );
    await expect(warnings.locator('img')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');
  } finally {
    await openPath(sampleDir());
    await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash);
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    rmSync(parent, { recursive: true, force: true });
  }
});

test.describe("a capture folder's incident time and window", () => {
  const incidentTime = '2026-03-01T09:41:30Z';
  const window = '2026-03-01T09:00:00Z/2026-03-01T10:00:00Z';
  let parent = '';
  let capture = '';

  test.beforeAll(() => {
    parent = allowedTempDir('eog-e2e-capture-times-');
    capture = writeCaptureFolder(path.join(parent, 'checkout-incident'));
  });
  test.afterAll(() => rmSync(parent, { recursive: true, force: true }));

  test('the open dialog takes them for a capture folder, refuses bad ones naming the field, and refuses them for a bundle', async ({
    page,
  }) => {
    const app = new WorkbenchPage(page);
    await app.open();
    const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
    const error = app.status.getByRole('alert');
    const setTimes = async (times: { incidentTime: string; window: string }): Promise<void> => {
      await page.getByText('Capture times', { exact: true }).click();
      await expect(page.getByText('Only for a folder of OTLP / Prometheus / kubectl exports')).toBeVisible();
      await page.getByLabel('Incident time', { exact: true }).fill(times.incidentTime);
      await page.getByLabel('Window', { exact: true }).fill(times.window);
      await page.getByText('Capture times', { exact: true }).click();
    };
    const openPath = async (target: string): Promise<void> => {
      await page.getByLabel('Snapshot, dataset or ledger path').fill(target);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
    };
    try {
      // Markup typed into a field comes back in the error as text: no element made of it.
      const hostile = `<img src=x onerror="document.title='pwned'">`;
      await setTimes({ incidentTime: hostile, window: '' });
      await openPath(capture);
      await expect(error).toHaveText(`Incident time must be an ISO-8601 time with a zone, e.g. 2026-03-01T09:43:00Z; got "${hostile}"`);
      await expect(app.status.locator('img')).toHaveCount(0);
      expect(await page.title()).not.toBe('pwned');
      await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash);

      await setTimes({ incidentTime, window: '2026-03-01T10:00:00Z/2026-03-01T09:00:00Z' });
      await openPath(capture);
      await expect(error).toHaveText('Window ends before it starts: "2026-03-01T10:00:00Z/2026-03-01T09:00:00Z"');

      await setTimes({ incidentTime, window });
      await openPath(capture);
      await expect(page.locator('.snapshot-name')).toHaveText('checkout-incident', { timeout: 30_000 });
      await expect(app.status).toContainText(`incident ${formatDateTime(Date.parse(incidentTime))}`);
      await expect(error).toHaveCount(0);

      // A bundle states its own times: the fields are refused, not ignored.
      await openPath(sampleDir());
      await expect(error).toContainText('Incident time and Window apply only to a capture folder (OTLP / Prometheus / kubectl exports)');
      await expect(page.locator('.snapshot-name')).toHaveText('checkout-incident');
    } finally {
      await setTimes({ incidentTime: '', window: '' });
      await openPath(sampleDir());
      await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash);
      await expect(app.graph).toHaveAttribute('data-layout', 'done');
    }
  });

  test('eog serve opens a capture folder with --incident-time and --window', async ({ page }) => {
    const served = await startServe(capture, ['--incident-time', incidentTime, '--window', window]);
    try {
      const app = new WorkbenchPage(page);
      await page.goto(served.url);
      await expect(app.graph).toHaveAttribute('data-layout', 'done');
      await expect(page.locator('.snapshot-name')).toHaveText('checkout-incident');
      await expect(app.status).toContainText(`incident ${formatDateTime(Date.parse(incidentTime))}`);
    } finally {
      await served.stop();
    }
  });
});

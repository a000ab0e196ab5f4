import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sampleDir } from './sample.js';
import { writeCaptureFolder } from '../main/convert/capture/testing/capture-folder.js';
import { WorkbenchPage } from './workbench-page.js';

test('a folder of OTLP / Prometheus / kubectl exports opens converted; conversion and import warnings listed as text with file and line', async ({
  page,
}) => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-capture-'));
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

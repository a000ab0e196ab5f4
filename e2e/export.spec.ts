import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Diagnosis } from '../core/diagnosis/index.js';
import { allowedTempDir, sampleDir } from './sample.js';
import { evaluationsText, WorkbenchPage } from './workbench-page.js';

const FRONTEND = 'shop/Service/frontend';
const HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

async function exportAs(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByLabel('Export format').selectOption(format);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

test('every export format of the finished sample investigation', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
  await app.runToEnd();

  const json = await exportAs(page, 'json');
  expect(json.name).toMatch(/\.json$/);
  const diagnosis = Diagnosis.parse(JSON.parse(json.bytes.toString('utf8')));
  expect(diagnosis.frontier).toEqual([FRONTEND]);
  expect(diagnosis.outcome).toBe('confident');

  const markdown = (await exportAs(page, 'markdown')).bytes.toString('utf8');
  expect(markdown).toMatch(/^# /m);
  expect(markdown).toContain(FRONTEND);

  const gexf = (await exportAs(page, 'gexf')).bytes.toString('utf8');
  expect(gexf).toContain('<gexf');
  expect(gexf).toContain(FRONTEND);

  const graphml = (await exportAs(page, 'graphml')).bytes.toString('utf8');
  expect(graphml).toContain('<graphml');

  const png = await exportAs(page, 'png');
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.bytes.length).toBeGreaterThan(2000);

  // The HTML report embeds the same canvas picture.
  const html = (await exportAs(page, 'html')).bytes.toString('utf8');
  expect(html).toContain('data:image/png;base64,');
});

test('the HTML report shows snapshot text containing <script> as text', async ({ page, browser }) => {
  // A copy of the sample whose cited change and a log line carry markup.
  const dir = allowedTempDir('eog-hostile-');
  const app = new WorkbenchPage(page);
  await app.open();
  const sampleHash = (await app.graph.getAttribute('data-snapshot-hash')) ?? '';
  try {
    cpSync(sampleDir(), dir, { recursive: true });
    const changes = path.join(dir, 'changes.jsonl');
    writeFileSync(
      changes,
      readFileSync(changes, 'utf8').replace(
        'flash_sale flag switched on for all users',
        JSON.stringify(`flash_sale on ${HOSTILE}`).slice(1, -1),
      ),
    );
    await page.getByLabel('Snapshot, dataset or ledger path').fill(dir);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(app.graph).not.toHaveAttribute('data-snapshot-hash', sampleHash);
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    await expect(app.status).toContainText(evaluationsText(0));
    await app.runToEnd();
    const report = await exportAs(page, 'html');
    const file = path.join(dir, report.name);
    writeFileSync(file, report.bytes);

    const viewer = await browser.newPage();
    await viewer.goto(`file://${file}`);
    await expect(viewer.getByText(HOSTILE).first()).toBeVisible();
    expect(await viewer.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await viewer.locator('script').count()).toBe(0);
    expect(await viewer.locator('img[onerror]').count()).toBe(0);
    await viewer.close();
  } finally {
    // Leave the shared server on the sample for the other specs.
    await page.getByLabel('Snapshot, dataset or ledger path').fill(sampleDir());
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(app.graph).toHaveAttribute('data-snapshot-hash', sampleHash);
    await expect(app.graph).toHaveAttribute('data-layout', 'done');
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Writes the README screenshot: `npx tsx scripts/screenshot.ts [--out docs/screenshot.png]`.
 * Serves the bundled sample, runs the investigation to the end in Chromium (1280×800, the size
 * docs/ui.md promises), selects the database so the Node tab shows its belief, its evidence
 * charts and (below them) its revision from Origin to Symptom, and saves the page.
 * Needs the built UI (npm run build:renderer).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { defaultSnapshotDir, findPackageRoot } from '../main/app/index.js';
import { requireChromium } from '../main/platform/chromium.js';
import { startWebHost } from '../main/web/index.js';

const root = findPackageRoot(import.meta.url);
const outIndex = process.argv.indexOf('--out');
const out = path.resolve(root, outIndex >= 0 ? (process.argv[outIndex + 1] ?? '') : 'docs/screenshot.png');
const DATABASE = 'shop/Service/database';
const TIMEOUT = 60_000;

// Before serving anything: a missing browser fails with the one-line way to get it.
const executablePath = requireChromium();
const host = await startWebHost({ snapshot: defaultSnapshotDir(root) });
const browser = await chromium.launch({
  executablePath,
  args: ['--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(host.url);
  const graph = page.getByRole('region', { name: 'Graph' });
  await graph.and(page.locator('[data-layout="done"]')).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('region', { name: 'Result' }).waitFor({ timeout: TIMEOUT });
  // Select through the list mirror of the canvas, as a keyboard user would.
  await page.locator(`[data-node-id="${DATABASE}"] button`).evaluate((b: HTMLButtonElement) => b.click());
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await inspector.and(page.locator('[data-label="Symptom"]')).waitFor({ timeout: TIMEOUT });
  // The Node tab opens at its top: the node's heading, its belief, and its first chart once uPlot has drawn it.
  await inspector.locator('figure.evidence-chart .chart-canvas[data-x-ticks]').first().waitFor({ timeout: TIMEOUT });
  // Move the pointer off the canvas so no hover highlight is captured.
  await page.mouse.move(0, 0);
  mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`wrote ${path.relative(root, out)}`);
} finally {
  await browser.close();
  await host.close();
}

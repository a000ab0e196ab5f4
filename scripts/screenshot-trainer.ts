/**
 * Writes the screenshots of the evidence charts and trainer mode:
 * `npx tsx scripts/screenshot-trainer.ts [--out-dir docs]`. Generates an incident (`eog generate`,
 * code_error, seed 21), serves it, and in Chromium (1400×900) saves
 * - `screenshot-charts.png`: the investigation run to the end, the origin selected, a cited
 *   evidence id highlighted on its chart;
 * - `screenshot-lesson.png`: a lesson's first step (packet part, charts, the answer form);
 * - `screenshot-score-card.png`: the score card after two steps (the first diverging), with the class table.
 * Needs the built UI (npm run build:renderer). Lessons are kept in a temporary EOG_DATA_DIR.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { findPackageRoot } from '../main/app/index.js';
import { generateIncident } from '../main/generate/index.js';
import { startWebHost } from '../main/web/index.js';

const root = findPackageRoot(import.meta.url);
const outIndex = process.argv.indexOf('--out-dir');
const outDir = path.resolve(root, outIndex >= 0 ? (process.argv[outIndex + 1] ?? '') : 'docs');
const TIMEOUT = 60_000;

const work = mkdtempSync(path.join(tmpdir(), 'eog-screens-'));
process.env.EOG_DATA_DIR = path.join(work, 'data');
const incident = await generateIncident(path.join(work, 'incident'), { fault: 'code_error', seed: 21, services: 6 });
const host = await startWebHost({ snapshot: incident.dir });
const browser = await chromium.launch({
  executablePath: process.env.EOG_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
});

async function save(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, name) });
  console.log(`wrote ${path.relative(root, path.join(outDir, name))}`);
}

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(host.url);
  await page.getByRole('region', { name: 'Graph' }).and(page.locator('[data-layout="done"]')).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await result.waitFor({ timeout: TIMEOUT });
  const origin = (await result.getAttribute('data-frontier'))?.split(' ')[0] ?? incident.rootCause;
  await page.locator(`[data-node-id="${origin}"] button`).evaluate((b: HTMLButtonElement) => b.click());
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const charts = inspector.getByRole('region', { name: 'Evidence charts' });
  await charts.and(page.locator('[data-ready="true"]')).waitFor({ timeout: TIMEOUT });
  const cite = inspector.getByRole('region', { name: 'Context packet' }).locator('button.cite').first();
  await cite.click();
  const marked = charts.locator('[data-highlighted="true"]').first();
  await marked.waitFor({ timeout: TIMEOUT });
  await marked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await save(page, 'screenshot-charts.png');

  await page.getByRole('button', { name: 'Trainer', exact: true }).click();
  const trainer = page.getByRole('region', { name: 'Trainer' });
  await trainer.getByLabel('Trainee').fill('ada');
  await trainer.getByRole('button', { name: 'Start lesson' }).click();
  const step = trainer.getByRole('region', { name: 'Lesson step' });
  await step.getByRole('region', { name: 'Evidence charts' }).and(page.locator('[data-ready="true"]')).waitFor({ timeout: TIMEOUT });
  await step.getByRole('radio', { name: 'Origin' }).check();
  await step.locator('ul.evidence > li').first().getByRole('checkbox').check();
  await step.getByLabel('Hypothesis (optional)').fill('errors rose at the incident');
  await save(page, 'screenshot-lesson.png');

  await step.getByRole('button', { name: 'Commit answer' }).click();
  const answers = trainer.getByRole('region', { name: 'Answers' });
  await answers.getByLabel('Note on step 1').fill('Start from the error rate, then its callers.');
  await answers.locator('tr[data-step="1"]').getByRole('button', { name: 'Add' }).click();
  await trainer.getByRole('button', { name: 'Next step' }).click();
  await step.and(page.locator('[data-step="2"]')).waitFor({ timeout: TIMEOUT });
  await step.getByRole('radio', { name: 'Origin' }).check();
  await step.locator('ul.evidence > li').first().getByRole('checkbox').check();
  await step.getByRole('button', { name: 'Commit answer' }).click();
  await answers.locator('tr[data-step="2"]').waitFor({ timeout: TIMEOUT });
  await trainer.getByRole('button', { name: 'Finish lesson' }).click();
  await trainer.getByRole('region', { name: 'Score card' }).waitFor({ timeout: TIMEOUT });
  await trainer.getByRole('region', { name: 'Class table' }).locator('tr[data-trainee]').first().waitFor({ timeout: TIMEOUT });
  await save(page, 'screenshot-score-card.png');
} finally {
  await browser.close();
  await host.close();
  rmSync(work, { recursive: true, force: true });
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runCli, startServe, type Served } from './serve.js';
import { evaluationsText, WorkbenchPage } from './workbench-page.js';

let served: Served;
let dir: string;
let rootCauseName: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-lesson-'));
  const bundle = path.join(dir, 'incident');
  await runCli(['generate', '--fault', 'code_error', '--services', '6', '--seed', '21', '--out', bundle]);
  rootCauseName =
    /name: (\S+)\n\s+filter:\n\s+- \S+\n\s+root_cause: true/.exec(readFileSync(path.join(bundle, 'ground_truth.yaml'), 'utf8'))?.[1] ?? '';
  expect(rootCauseName).not.toBe('');
  // The lessons' SQLite file goes to a private folder, not the user's home.
  process.env.EOG_DATA_DIR = path.join(dir, 'data');
  served = await startServe(bundle);
});

test.afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every WebSocket frame the page receives (replies and pushes), in order. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))),
  );
  return frames;
}

/** What would give the answer away: any belief label, a frontier, the ground truth. */
const ANSWER = /"label":"(Origin|Symptom|Healthy|Defer)"|"frontier":\["|root_cause|"engine":\{|"truth":\{/;

/** What the workbench shows of the analyst's investigation: the evaluations, the viewed position, the timeline. */
async function investigationShown(
  app: WorkbenchPage,
): Promise<{ evaluations: number; seq: string | null; head: string | null; rows: string[] }> {
  return {
    evaluations: await app.evaluations(),
    seq: await app.timeline.getAttribute('data-seq'),
    head: await app.timeline.getAttribute('data-head'),
    rows: await app.timeline.locator('li').allTextContents(),
  };
}

test('a trainee walks a lesson on a generated incident to the score card; the answer crosses the wire only when revealed', async ({
  page,
}) => {
  const frames = recordFrames(page);
  await page.goto(served.url);
  await expect(page.getByRole('region', { name: 'Graph' })).toHaveAttribute('data-layout', 'done');

  // The analyst has an investigation open: three steps, then one back (the view is behind the head).
  const app = new WorkbenchPage(page);
  for (let i = 0; i < 3; i++) await app.step();
  await expect(app.button('Step back')).toBeEnabled();
  await page.keyboard.press('ArrowLeft');
  await expect(app.status).toContainText(evaluationsText(2));
  const analyst = await investigationShown(app);
  expect(Number(analyst.seq)).toBeLessThan(Number(analyst.head));

  // Discoverable from the header, no flags.
  await page.getByRole('button', { name: 'Trainer', exact: true }).click();
  const trainer = page.getByRole('region', { name: 'Trainer' });
  await expect(trainer.getByRole('form', { name: 'Start a lesson' })).toContainText('has a ground truth');
  // The start form says the investigation is kept; nothing to confirm, it is not running.
  await expect(trainer.getByTestId('kept-investigation')).toContainText('(2 evaluations) is set aside');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await trainer.getByLabel('Trainee').fill('ada');
  // The analyst's labels crossed the wire before the lesson; what counts is from here on.
  frames.length = 0;
  await trainer.getByRole('button', { name: 'Start lesson' }).click();

  const step = trainer.getByRole('region', { name: 'Lesson step' });
  await expect(step).toHaveAttribute('data-step', '1');
  expect(dialogs).toEqual([]);
  const charts = step.getByRole('region', { name: 'Evidence charts' });
  await expect(charts).toHaveAttribute('data-ready', 'true');
  await expect(charts.locator('figure.evidence-chart canvas').first()).toBeVisible();

  // A hint reveals more of the packet.
  const evidence = step.locator('ul.evidence > li');
  const before = await evidence.count();
  const hint = step.getByRole('button', { name: /^Hint/ });
  if (await hint.isEnabled()) {
    await hint.click();
    await expect(step.getByRole('button', { name: /^Hint/ })).toContainText(/left/);
    expect(await evidence.count()).toBeGreaterThanOrEqual(before);
  }
  // The cited-evidence highlight works in the lesson too.
  const firstId = (await evidence.first().getAttribute('data-evidence-id')) ?? '';
  await evidence.first().locator('button.cite').click();
  await expect(charts.getByTestId('chart-citation')).toContainText(firstId);

  // Before the first commit nothing that names a label, a frontier or the truth has crossed.
  const leaked = frames.filter((f) => ANSWER.test(f));
  expect(leaked, leaked[0]?.slice(0, 300)).toEqual([]);
  expect(frames.some((f) => f.includes('"lesson.') || f.includes('"question"'))).toBe(true);

  await step.getByRole('radio', { name: 'Origin' }).check();
  await evidence.first().getByRole('checkbox').check();
  await step.getByLabel('Hypothesis (optional)').fill('errors rose at the incident');
  await step.getByRole('button', { name: 'Commit answer' }).click();
  const answers = trainer.getByRole('region', { name: 'Answers' });
  await expect(answers.locator('tr[data-step="1"] [data-testid="engine-judgement"]')).toContainText(/Origin|Symptom|Healthy|Defer/);
  // Only now does the engine's judgement for that node cross — and still no frontier or truth.
  expect(frames.some((f) => f.includes('"engine":{'))).toBe(true);
  expect(frames.filter((f) => /"frontier":\["|root_cause|"truth":\{"/.test(f))).toEqual([]);
  await answers.getByLabel('Note on step 1').fill('Start from the error rate.');
  await answers.locator('tr[data-step="1"]').getByRole('button', { name: 'Add' }).click();
  await expect(answers).toContainText('Start from the error rate.');
  await answers.getByLabel('Note on the lesson').fill('A code error: its callers only time out.');
  await answers.getByLabel('Note on the lesson').press('Enter');
  await expect(answers).toContainText('its callers only time out');

  await trainer.getByRole('button', { name: 'Next step' }).click();
  await expect(step).toHaveAttribute('data-step', '2');
  await step.getByRole('radio', { name: 'Symptom' }).check();
  await step.getByRole('button', { name: 'Commit answer' }).click();
  await expect(answers.locator('tr[data-step="2"]')).toBeVisible();

  await trainer.getByRole('button', { name: 'Finish lesson' }).click();
  const card = trainer.getByRole('region', { name: 'Score card' });
  await expect(card.locator('[data-score="steps"] td')).toHaveText('2');
  await expect(card.locator('[data-score="agreement-truth"] td')).toHaveText(/\d+ %/);
  await expect(card.locator('[data-score="frontier-pr"] td')).toContainText('/');
  await expect(card.locator('[data-score="engine-frontier"] td')).toContainText(rootCauseName);
  await expect(card.locator('[data-score="divergence"] td')).not.toBeEmpty();
  await expect(trainer.getByRole('region', { name: 'Class table' }).locator('tr[data-trainee="ada"]')).toBeVisible();

  // The lesson exports as one HTML file (steps, notes, charts) and as a bundle.
  const download = page.waitForEvent('download');
  await trainer.getByRole('button', { name: 'Export lesson (HTML)' }).click();
  const file = await (await download).path();
  const html = readFileSync(file, 'utf8');
  expect(html).toContain('Start from the error rate.');
  expect(html).toContain('its callers only time out');
  expect(html).toContain('<h2>Evidence charts</h2>');
  expect(html).not.toMatch(/<script/i);

  // Back to the workbench: the analyst's investigation as it was, not the lesson's.
  await trainer.getByRole('button', { name: 'Back to the workbench' }).click();
  await expect(trainer).toBeHidden();
  await expect(app.status).toContainText(evaluationsText(2));
  await expect.poll(() => investigationShown(app)).toEqual(analyst);
  // And it carries on from there: Step goes on from the viewed position.
  await app.button('Step').click();
  await expect(app.timeline).toHaveAttribute('data-seq', analyst.head ?? '');
  await expect(app.status).toContainText(evaluationsText(3));
});

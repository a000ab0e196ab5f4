import { expect, test } from '@playwright/test';
import { evaluationsText, WorkbenchPage } from './workbench-page.js';

const DATABASE = 'shop/Service/database';
const GATEWAY = 'shop/Service/gateway';
const PROCESSOR = 'shop/Service/processor';
const FRONTEND = 'shop/Service/frontend';

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
});

test('step to the gateway, run to the end, then step back to where the database was the origin', async ({ page }) => {
  const app = new WorkbenchPage(page);
  for (let i = 0; i < 10 && (await app.nodeRow(GATEWAY).getAttribute('data-label')) === 'unvisited'; i++) await app.step();
  await expect(app.nodeRow(GATEWAY)).toHaveAttribute('data-label', 'Symptom');
  // The early, plausible but wrong origin: the OOMKilled database.
  await expect(app.nodeRow(DATABASE)).toHaveAttribute('data-label', 'Origin');
  // Manual steps leave the investigation paused: nothing to pause, Run continues it.
  await expect(app.status).toContainText('paused');
  await expect(app.button('Pause')).toBeDisabled();

  await app.runToEnd();
  await expect(app.result).toHaveAttribute('data-frontier', FRONTEND);
  await expect(app.result.getByRole('listitem').first()).toHaveText(FRONTEND);
  await expect(app.nodeRow(DATABASE)).toHaveAttribute('data-label', 'Symptom');
  await expect(app.timeline).toContainText('explains Service/gateway (discovered)');

  // Step back (← on the keyboard) until the database reads Origin again.
  const finished = await app.evaluations();
  for (let i = 0; i < finished && (await app.nodeRow(DATABASE).getAttribute('data-label')) !== 'Origin'; i++) {
    const before = await app.evaluations();
    // The status shows the new position before the command's reply has cleared the busy flag; a key
    // pressed in between is ignored (as the disabled button would be), so wait until Step back is live.
    await expect(app.button('Step back')).toBeEnabled();
    await page.keyboard.press('ArrowLeft');
    await expect(app.status).toContainText(evaluationsText(before - 1));
  }
  await expect(app.nodeRow(DATABASE)).toHaveAttribute('data-label', 'Origin');
  await expect(app.result).toBeHidden();
  await expect(app.timeline.locator('[aria-current="step"]')).not.toContainText('Finished');
  const seq = Number(await app.timeline.getAttribute('data-seq'));
  expect(seq).toBeLessThan(Number(await app.timeline.getAttribute('data-head')));

  await app.select(DATABASE);
  await expect(app.inspector).toHaveAttribute('data-label', 'Origin');
  const history = app.inspector.getByRole('region', { name: 'Belief history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toHaveAttribute('data-label', 'Origin');
  // Which of the heuristic's rules fired, from the ledger, each with what it means.
  const rules = history.getByTestId('fired-rules').first();
  await expect(rules.locator('summary')).toContainText('Rules fired: ');
  await expect(rules.locator('summary')).toContainText('failure_event');
  await rules.locator('summary').click();
  await expect(rules.locator('[data-rule="failure_event"]')).toContainText('A pod of the node crashed');
  await rules.locator('summary').click();
  // The packet the policy saw for the database, with its size and the evidence's provenance.
  const packet = app.inspector.getByRole('region', { name: 'Context packet' });
  await expect(packet.getByTestId('packet-size')).toContainText(/\d+ \/ \d+ tokens/);
  await expect(packet.locator('.prov').first()).toContainText(/\.jsonl(:\d+)? · /);

  // The timeline scrubs forward again: the last event shows the final state.
  await app.timeline.getByRole('button', { name: /Finished/ }).click();
  await expect(app.status).toContainText('finished');
  await expect(app.inspector).toHaveAttribute('data-label', 'Symptom');
  // Origin at first, revised to Symptom once the processor's belief arrived.
  await expect(history.getByRole('listitem').first()).toHaveAttribute('data-label', 'Origin');
  await expect(history.getByRole('listitem').last()).toHaveAttribute('data-label', 'Symptom');
});

test('an analyst override is recorded, propagates, and shows as human-asserted', async ({ page }) => {
  const app = new WorkbenchPage(page);
  for (let i = 0; i < 3; i++) await app.step();
  await expect(app.nodeRow(DATABASE)).toHaveAttribute('data-label', 'Origin');
  await app.select(PROCESSOR);
  const form = app.inspector.getByRole('form', { name: 'Override' });
  await form.getByLabel('Label').selectOption('Origin');
  await form.getByLabel('Note').fill('the write path fails before the database restarts');
  await form.getByRole('button', { name: 'Override' }).click();

  await expect(app.timeline).toContainText('Analyst override: Service/processor = Origin');
  await expect(app.nodeRow(PROCESSOR)).toHaveAttribute('data-label', 'Origin');
  await expect(app.inspector.getByTestId('inspector-belief')).toContainText('human-asserted');

  // Run continues from the override: the neighbours hear it and the database is revised.
  await app.runToEnd();
  await expect(app.nodeRow(PROCESSOR)).toHaveAttribute('data-label', 'Origin');
  await expect(app.nodeRow(DATABASE)).toHaveAttribute('data-label', 'Symptom');
  // The timeline renders after the graph: wait for it rather than read it once.
  const order = async (): Promise<{ overrideAt: number; revisedAfter: boolean }> => {
    const texts = await app.timeline.locator('li').allTextContents();
    const overrideAt = texts.findIndex((t) => t.includes('Analyst override'));
    return {
      overrideAt,
      revisedAfter: texts.some((t, i) => i > overrideAt && overrideAt >= 0 && t.includes('Service/database → Symptom')),
    };
  };
  await expect.poll(order).toEqual({ overrideAt: expect.any(Number), revisedAfter: true });
  expect((await order()).overrideAt).toBeGreaterThanOrEqual(0);
});

test('→ steps and space runs to the end', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await expect(app.button('Step')).toBeEnabled();
  await page.locator('body').press('ArrowRight');
  await expect(app.status).toContainText(evaluationsText(1));
  await page.locator('body').press(' ');
  await expect(app.status).toContainText('finished');
  await expect(app.result).toHaveAttribute('data-frontier', FRONTEND);
});

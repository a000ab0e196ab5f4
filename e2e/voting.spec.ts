import { expect, test } from '@playwright/test';
import { WorkbenchPage } from './workbench-page.js';

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
});

test('runs that vote: the diagnosis lists every run with its root, weight and score, the winner marked', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Runs that vote').fill('3');
  await app.runToEnd();

  const votes = app.result.getByRole('table', { name: 'Votes' });
  // The vote is recorded once the other two runs have finished too.
  await expect(votes.locator('tbody tr')).toHaveCount(3);
  await expect(app.result).toContainText('Votes (3 runs)');
  await expect(votes.locator('tr[aria-current="true"]')).toHaveCount(1);
  await expect(votes.locator('tr[aria-current="true"]')).toContainText('winner');
  // The sample's runs agree on the frontend; each weighs its causal graph's interpretability
  // (docs/voting.md), and the root's score is the sum of its supporters' weights.
  const weights: number[] = [];
  for (const run of [0, 1, 2]) {
    const row = votes.locator('tbody tr').nth(run);
    await expect(row.locator('td').first()).toContainText(String(run));
    await expect(row).toContainText('shop/Service/frontend');
    await expect(row.locator('td').nth(2)).toHaveText(/^(0\.\d\d|1\.00)$/);
    weights.push(Number(await row.locator('td').nth(2).textContent()));
  }
  const total = weights.reduce((a, b) => a + b, 0);
  for (const run of [0, 1, 2]) {
    const score = Number(await votes.locator('tbody tr').nth(run).locator('td').nth(3).textContent());
    expect(Math.abs(score - total)).toBeLessThanOrEqual(0.02);
  }
  await expect(app.timeline).toContainText(/Vote over 3 runs: run 0 wins/);
});

test('a single run shows no votes', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();
  await expect(app.result.getByRole('heading', { name: 'Propagation chain' })).toBeVisible();
  await expect(app.result.getByRole('table', { name: 'Votes' })).toHaveCount(0);
});

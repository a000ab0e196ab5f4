import { expect, test } from '@playwright/test';
import { WorkbenchPage } from './workbench-page.js';

const DATABASE = 'shop/Service/database';

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
});

test('the inspector draws the entity’s evidence, and a cited evidence id marks its point, line or span', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();
  await app.select(DATABASE);
  const charts = app.inspector.getByRole('region', { name: 'Evidence charts' });
  await expect(charts).toHaveAttribute('data-ready', 'true');
  // uPlot draws on canvas: each chart has one, with the baseline note above them.
  const figures = charts.locator('figure.evidence-chart');
  await expect(figures.first()).toBeVisible();
  expect(await figures.count()).toBeGreaterThan(0);
  await expect(figures.first().locator('canvas').first()).toBeVisible();
  await expect(charts).toContainText('baseline band');
  await expect(charts.locator('[data-highlighted="true"]')).toHaveCount(0);

  // Every evidence item of the packet is findable: choosing its id marks something on the charts.
  const packet = app.inspector.getByRole('region', { name: 'Context packet' });
  const cites = packet.locator('button.cite');
  const n = await cites.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(n, 8); i++) {
    const cite = cites.nth(i);
    const id = (await cite.textContent()) ?? '';
    await cite.click();
    await expect(cite).toHaveAttribute('aria-pressed', 'true');
    await expect(charts.getByTestId('chart-citation')).toContainText(id);
    const marked = charts.locator('[data-highlighted="true"]');
    await expect(marked.first()).toBeVisible();
    // On a chart the highlight was drawn at a position (the draw hook says so); in the waterfall the span is ringed.
    const drawn = charts.locator('figure[data-highlighted="true"] [data-highlight-drawn="true"], li.span-row.highlighted');
    await expect(drawn.first()).toBeAttached();
  }
  // Choosing the same id again clears the mark.
  const last = cites.nth(Math.min(n, 8) - 1);
  await last.click();
  await expect(charts.locator('[data-highlighted="true"]')).toHaveCount(0);
});

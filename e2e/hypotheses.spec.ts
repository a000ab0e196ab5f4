import { expect, test } from '@playwright/test';
import { WorkbenchPage } from './workbench-page.js';

const FRONTEND = 'shop/Service/frontend';

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
});

test('the hypothesis panel: tree by level, focus, drill-down and backtrack in the timeline, evidence to the inspector, analyst reject', async ({
  page,
}) => {
  const app = new WorkbenchPage(page);
  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Hypothesis layer (Graph of States)').check();
  await expect(page.getByLabel('δ: confidence gap to drill down')).toHaveValue('0.1');
  await app.runToEnd();

  await app.openTab('Hypotheses');
  const panel = page.getByRole('region', { name: 'Hypotheses' });
  await expect(panel.getByTestId('hypothesis-thresholds')).toContainText('δ = 0.1');
  await expect(panel.getByTestId('hypothesis-thresholds')).toContainText('η = 2');
  // The accepted chain: a cause class, the frontend under it, its mechanism; the focus is on it.
  const accepted = panel.locator('[data-status="accepted"]');
  await expect(accepted).toHaveCount(3);
  const entity = panel.locator('[data-status="accepted"] [data-status="accepted"]').first();
  await expect(entity.locator('.hypothesis-statement').first()).toContainText(`${FRONTEND} is the origin`);
  await expect(panel.locator('[data-focus="true"]')).toHaveCount(1);
  // The database's OOM was the first focus and was refuted: the timeline shows the backtrack.
  await expect(panel.locator('[data-status="refuted"]').first()).toBeVisible();
  await expect(app.timeline).toContainText(/drill down to level 2/);
  await expect(app.timeline).toContainText(/Backtrack to level 1/);
  await app.openTab('Diagnosis');
  await expect(app.result).toHaveAttribute('data-frontier', FRONTEND);
  await app.openTab('Hypotheses');

  // A supporting evidence id opens the hypothesis' entity in the inspector, the item highlighted.
  const evidence = entity.locator('.hypothesis-evidence.support button').first();
  const id = await evidence.getAttribute('data-evidence');
  await evidence.click();
  await expect(app.inspector).toHaveAttribute('data-node', FRONTEND);
  await expect(app.inspector.locator(`li.picked[data-evidence-id="${id ?? ''}"]`)).toBeVisible();

  // An analyst rejects the frontend hypothesis: a ledger event, shown as rejected.
  await app.openTab('Hypotheses');
  const entityId = await entity.getAttribute('data-hypothesis-id');
  await entity.getByRole('button', { name: 'Reject', exact: true }).first().click();
  await expect(panel.locator(`[data-hypothesis-id="${entityId ?? ''}"]`)).toHaveAttribute('data-status', 'refuted');
  await expect(panel.locator(`[data-hypothesis-id="${entityId ?? ''}"]`).first()).toContainText('rejected by an analyst');
  await expect(app.timeline).toContainText(`Analyst rejected hypothesis ${entityId ?? ''}`);
});

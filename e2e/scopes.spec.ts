import { expect, test } from '@playwright/test';
import { WorkbenchPage } from './workbench-page.js';

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
});

test('the alert scopes: formed at bootstrap, listed beside the graph and in the timeline, folded at the view position', async ({
  page,
}) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();

  await app.openTab('Scopes');
  const panel = page.getByRole('region', { name: 'Alert scopes' });
  // The sample's four alerts: the OOM on the database and the gateway's two golden signals make
  // two entity-bound scopes; the Watchdog heartbeat is dismissed as monitoring noise.
  await expect(panel.getByTestId('scopes-summary')).toContainText('4 alert(s) → 2 scope(s), window 2 min');
  await expect(panel.getByTestId('scopes-summary')).toContainText('Watchdog ×1 (monitoring noise');
  await expect(panel.locator('[data-scope]')).toHaveCount(2);
  const gateway = panel.locator('[data-scope="S2"]');
  await gateway.locator('summary').click();
  await expect(gateway).toContainText('shop/Service/gateway');
  await expect(gateway).toContainText('HighRequestLatency ×1');
  await expect(app.timeline).toContainText('Alerts scoped: 4 alert(s) into 2 scope(s)');

  // Scrubbing back before the bootstrap's events hides the scopes: the panel is a fold of the ledger.
  await app.timeline.getByRole('button', { name: /Investigation started/ }).click();
  await expect(panel).toHaveCount(0);
});

test('the alert window from the settings reaches the scopes (recorded in the ledger, shown in the panel)', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Alert window (seconds)').fill('300');
  await app.runToEnd();
  await app.openTab('Scopes');
  const panel = page.getByRole('region', { name: 'Alert scopes' });
  await expect(panel.getByTestId('scopes-summary')).toContainText('window 5 min');
});

import { expect, test } from '@playwright/test';
import { sampleEntityIds } from './sample.js';
import { evaluationsText } from './workbench-page.js';

function serverUrl(): URL {
  const url = process.env.EOG_E2E_URL;
  if (!url) throw new Error('EOG_E2E_URL is not set: run through e2e/playwright.config.ts (global setup starts eog serve)');
  return new URL(url);
}

test('opens the sample: graph canvas with every entity and the investigation controls', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(serverUrl().href);

  const pane = page.getByRole('region', { name: 'Graph' });
  const ids = sampleEntityIds();
  await expect(pane).toHaveAttribute('data-layout', 'done');
  await expect(pane).toHaveAttribute('data-renderer', 'webgl');
  await expect(pane).toHaveAttribute('data-node-count', String(ids.length));
  await expect(pane.locator('canvas').first()).toBeVisible();
  const listed = await page
    .getByRole('list', { name: 'Entities' })
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-node-id')));
  expect(listed.sort()).toEqual([...ids].sort());
  for (const id of ['shop/Service/frontend', 'shop/Service/gateway', 'shop/Service/processor', 'shop/Service/database']) {
    expect(listed).toContain(id);
  }

  for (const name of ['Run', 'Pause', 'Step', 'Step back', 'Reset']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Budget')).toHaveAttribute('type', 'number');
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Connected');
  await page.screenshot({ path: 'test-results/workbench.png' });
  expect(errors).toEqual([]);
});

test('selecting an entity shows its alerts and neighbours in the inspector', async ({ page }) => {
  await page.goto(serverUrl().href);
  await expect(page.getByRole('region', { name: 'Graph' })).toHaveAttribute('data-layout', 'done');
  await page.locator('[data-node-id="shop/Service/frontend"] button').evaluate((b: HTMLButtonElement) => b.click());
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { name: 'shop/Service/frontend' })).toBeVisible();
  await expect(inspector).toContainText('shop/Service/gateway');
});

test('Run investigates the sample to a result; Step back then shows an earlier state', async ({ page }) => {
  await page.goto(serverUrl().href);
  await expect(page.getByRole('region', { name: 'Graph' })).toHaveAttribute('data-layout', 'done');
  const status = page.getByRole('status', { name: 'Status' });
  // The server is shared by every spec: start from a fresh investigation.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(status).toContainText(evaluationsText(0));
  await page.getByLabel('Budget').fill('40');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('listitem').first()).toBeVisible();
  // What the root cause explains, from the diagnosis: the critical alert on the gateway its flash sale reaches.
  const explains = result.getByRole('list', { name: 'What each root cause explains' });
  await expect(explains).toContainText('shop/Service/frontend');
  await expect(explains).toContainText(/Explains \d+ alerts \(1 critical/);
  await expect(status).toContainText('finished');
  const finished = await status.textContent();
  const evaluations = Number(/(\d+) evaluations/.exec(finished ?? '')?.[1]);
  expect(evaluations).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/workbench-finished.png' });

  await page.getByLabel('Export format').selectOption('html');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^diagnosis-[0-9a-f]{12}\.html$/);

  await page.getByRole('button', { name: 'Step back', exact: true }).click();
  await expect(status).toContainText(evaluationsText(evaluations - 1));
  await expect(result).toBeHidden();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(status).toContainText(evaluationsText(0));
});

test('without WebGL the graph falls back to a list and says how to enable it', async ({ page }) => {
  // Simulate a browser without WebGL: every webgl context request fails.
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (type.startsWith('webgl') || type === 'experimental-webgl') return null;
      return (original as (this: HTMLCanvasElement, t: string, ...r: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } as typeof HTMLCanvasElement.prototype.getContext;
  });
  await page.goto(serverUrl().href);
  const pane = page.getByRole('region', { name: 'Graph' });
  await expect(pane).toHaveAttribute('data-renderer', 'list');
  await expect(pane.getByRole('note')).toContainText('enable hardware acceleration');
  await expect(pane.locator('canvas')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Entities' });
  await expect(list.getByRole('listitem')).toHaveCount(sampleEntityIds().length);
  await expect(list.getByRole('button', { name: /shop\/Service\/frontend/ })).toBeVisible();
  await list.getByRole('button', { name: /shop\/Service\/gateway/ }).click();
  await expect(page.getByRole('complementary', { name: 'Inspector' }).getByRole('heading', { name: 'shop/Service/gateway' })).toBeVisible();
  await page.screenshot({ path: 'test-results/workbench-list.png' });
});

test('the page without the token is refused', async ({ request }) => {
  const url = serverUrl();
  const bare = await request.get(`${url.origin}/`);
  expect([401, 403]).toContain(bare.status());
  const wrong = await request.get(`${url.origin}/?token=not-the-token`);
  expect([401, 403]).toContain(wrong.status());
});

test('a WebSocket from a foreign Origin is refused', async ({ page }) => {
  const url = serverUrl();
  // Open a page on another origin so the browser itself sends a foreign Origin header.
  await page.route('http://foreign.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<p>foreign</p>' }));
  await page.goto('http://foreign.test/');
  const outcome = await page.evaluate(
    (wsUrl) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(wsUrl);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      }),
    `ws://${url.host}/rpc?token=${url.searchParams.get('token') ?? ''}`,
  );
  expect(outcome).toBe('refused');
});

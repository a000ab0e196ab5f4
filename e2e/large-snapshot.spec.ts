import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve.js';
import { WorkbenchPage } from './workbench-page.js';

const ENTITIES = 3000;
/** Enough log lines that importing them takes seconds, so the import can be caught running. */
const LOG_LINES = 300_000;

const id = (i: number) => `big/Service/s${String(i).padStart(5, '0')}`;

/** A generated bundle: a service tree, one alert, and a long log on the alerting service. */
function writeLargeBundle(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const entities = Array.from({ length: ENTITIES }, (_, i) => ({
    id: id(i),
    kind: 'Service',
    name: `s${String(i).padStart(5, '0')}`,
    namespace: 'big',
  }));
  const edges = entities.slice(1).map((e, i) => ({ source: e.id, target: id(Math.floor(i / 2)), relation: 'calls' }));
  writeFileSync(
    path.join(dir, 'snapshot.json'),
    JSON.stringify({ format: 'eog-snapshot', version: 1, name: 'large', incidentTime: '2026-03-01T10:04:00Z' }),
  );
  writeFileSync(path.join(dir, 'topology.json'), JSON.stringify({ entities, edges }));
  writeFileSync(
    path.join(dir, 'alerts.jsonl'),
    `${JSON.stringify({ name: 'HighErrorRate', entity: id(0), severity: 'critical', startsAt: '2026-03-01T10:04:00Z' })}\n`,
  );
  const start = Date.parse('2026-03-01T09:40:00Z');
  const lines: string[] = [];
  for (let i = 0; i < LOG_LINES; i++) {
    lines.push(
      JSON.stringify({
        time: start + i * 5,
        entity: id(0),
        severity: i % 9 ? 'INFO' : 'ERROR',
        body: `GET /api/item/${i % 97} status=${i % 9 ? 200 : 500}`,
      }),
    );
  }
  writeFileSync(path.join(dir, 'logs.jsonl'), `${lines.join('\n')}\n`);
}

let served: Served;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'eog-e2e-large-'));
  writeLargeBundle(dir);
  served = await startServe(dir);
});

test.afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('an evidence import can be cancelled from the status bar, and nothing starts', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.goto(served.url);
  await expect(app.graph).toHaveAttribute('data-node-count', String(ENTITIES));
  await app.button('Step').click();
  await expect(app.status).toContainText('Importing evidence');
  // By keyboard: the status line's progress text re-renders while the import runs and can move
  // over the button between Playwright's hit test and its click (a flake seen in CI).
  await app.status.getByRole('button', { name: 'Cancel import' }).press('Enter');
  await expect(app.status).toContainText('Import cancelled');
  await expect(app.status).not.toContainText('Importing evidence');
  await expect(app.status.getByRole('alert')).toHaveCount(0);
  await expect(app.button('Step')).toBeEnabled();
  await expect(app.status).toContainText(/new · 0 evaluations/);
});

test('a large graph is drawn, and its entity list renders only the rows in view', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.goto(served.url);
  await expect(app.graph).toHaveAttribute('data-renderer', 'webgl');
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  const hidden = page.getByRole('list', { name: 'Entities' });
  expect(await hidden.locator('li').count()).toBeLessThan(100);

  // The list view (as without WebGL) scrolls through all 3000 rows, rendering a window of them.
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.getContext = new Proxy(HTMLCanvasElement.prototype.getContext, {
      apply: (target, self: HTMLCanvasElement, args: [string, ...unknown[]]) =>
        String(args[0]).startsWith('webgl') ? null : Reflect.apply(target, self, args),
    });
  });
  await page.reload();
  await expect(app.graph).toHaveAttribute('data-renderer', 'list');
  const list = page.getByRole('list', { name: 'Entities' });
  await expect(list.locator('li').first()).toHaveAttribute('data-node-id', id(0));
  expect(await list.locator('li').count()).toBeLessThan(150);
  await expect(list.locator('li').first()).toHaveAttribute('aria-setsize', String(ENTITIES));
  await page.locator('.node-list-viewport').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.locator(`[data-node-id="${id(ENTITIES - 1)}"]`)).toBeVisible();
  expect(await list.locator('li').count()).toBeLessThan(150);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { evaluationsText, serverUrl, WorkbenchPage } from './workbench-page.js';

/**
 * The layout for the question at hand (docs/ui.md), at the size the acceptance names (the
 * config's 1280×800): choosing a node brings its heading and a drawn chart into view without
 * scrolling; times are 24-hour UTC with the zone written unless local time is chosen.
 */

const DATABASE = 'shop/Service/database';
const FRONTEND = 'shop/Service/frontend';
/** A zone with a half-hour offset and no daylight saving: local time cannot pass for UTC. */
const LOCAL_ZONE = 'Asia/Kolkata';
const LOCAL_OFFSET_MS = 5.5 * 3_600_000;

test.use({ timezoneId: LOCAL_ZONE });

/** Where a node is drawn on the page, read from the sigma instance (?bench exposes it). */
async function nodeOnScreen(page: Page, id: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate<{ x: number; y: number }>(`(() => {
    const sigma = window.__eogSigma;
    return sigma.graphToViewport(sigma.getGraph().getNodeAttributes(${JSON.stringify(id)}));
  })()`);
  const box = await page.getByTestId('graph-canvas').boundingBox();
  if (!box) throw new Error('the canvas has no box');
  return { x: box.x + at.x, y: box.y + at.y };
}

/** What the analyst sees without scrolling: the node named in a heading and a drawn chart of it. */
async function expectNodeInView(app: WorkbenchPage, id: string): Promise<void> {
  await expect(app.tab('Node')).toHaveAttribute('aria-selected', 'true');
  await expect(app.inspector).toHaveAttribute('data-node', id);
  await expect(app.inspector.getByRole('heading', { name: id, exact: true })).toBeInViewport({ ratio: 1 });
  // Drawn: uPlot has laid out its time axis (the tick labels are on the canvas).
  const chart = app.inspector.locator('figure.evidence-chart .chart-canvas[data-x-ticks]').first();
  await expect(chart.locator('canvas').first()).toBeInViewport({ ratio: 1 });
  // Nothing was scrolled to get there: neither the page nor the side panel; and the page cannot scroll (only the panels do).
  expect(
    await app.page.evaluate(() => [
      window.scrollY,
      document.getElementById('side-panel')?.scrollTop ?? -1,
      document.documentElement.scrollHeight - document.documentElement.clientHeight,
    ]),
  ).toEqual([0, 0, 0]);
}

function sidePanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

test.beforeEach(async ({ page }) => {
  const app = new WorkbenchPage(page);
  await page.goto(`${serverUrl().href}&bench`);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await expect(app.status).toContainText('Connected');
  await app.reset();
});

test('choosing a node, on the canvas or in the entity list, brings its heading and a drawn chart into view', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();

  // On the canvas: a click on the drawn node.
  const at = await nodeOnScreen(page, DATABASE);
  await page.mouse.click(at.x, at.y);
  await expectNodeInView(app, DATABASE);

  // Read down the first node's tab, then choose another through the accessible entity list.
  await sidePanel(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await sidePanel(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await app
    .nodeRow(FRONTEND)
    .locator('button')
    .evaluate((b: HTMLButtonElement) => b.click());
  await expectNodeInView(app, FRONTEND);

  // Back to the diagnosis, then the frontier's link opens the node again.
  await app.openTab('Diagnosis');
  await app.result.getByRole('button', { name: FRONTEND }).click();
  await expectNodeInView(app, FRONTEND);
});

test('Origins and alerting nodes keep their canvas labels whatever is selected', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();
  await app.select(DATABASE);
  const unforced = await page.evaluate<string[]>(`(() => {
    const sigma = window.__eogSigma;
    return sigma.getGraph().filterNodes((id, a) => (a.beliefLabel === 'Origin' || a.alertCount > 0) && !sigma.getNodeDisplayData(id).forceLabel);
  })()`);
  const keyNodes = await page.evaluate<number>(
    `window.__eogSigma.getGraph().filterNodes((id, a) => a.beliefLabel === 'Origin' || a.alertCount > 0).length`,
  );
  expect(keyNodes).toBeGreaterThan(1);
  expect(unforced).toEqual([]);
});

test('every time is 24-hour UTC with the zone written; the local-time setting switches them and is kept', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();
  await app.select(DATABASE);
  const window = app.timeline.getByTestId('timeline-window');
  const chart = app.inspector.locator('figure.evidence-chart .chart-canvas[data-x-ticks]').first();
  const legendTime = app.inspector.locator('figure.evidence-chart').first().locator('.u-legend .u-series').first();

  // UTC by default: the timeline, the status bar, a chart's axis and its legend.
  const utc = /^window (\d{4}-\d\d-\d\d) (\d\d):(\d\d):(\d\d)–\d\d:\d\d:\d\d UTC · incident \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/;
  await expect(window).toHaveText(utc);
  await expect(app.status).toContainText(/incident \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(chart).toHaveAttribute('data-x-zone', 'UTC');
  const ticks = ((await chart.getAttribute('data-x-ticks')) ?? '').split(' ');
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/);
  await expect(legendTime).toContainText('Time (UTC)');
  const box = await chart.locator('canvas').first().boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await expect(legendTime).toContainText(/Time \(UTC\)\s*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(page.locator('body')).not.toContainText(/\b\d{1,2}:\d\d ?(am|pm)\b/i);
  const [, , hh, mm] = utc.exec((await window.textContent()) ?? '') ?? [];
  const utcStart = Date.parse(`${/\d{4}-\d\d-\d\d/.exec((await window.textContent()) ?? '')?.[0] ?? ''}T${hh}:${mm}:00Z`);

  // Local time: the same instants on the local clock, the offset written.
  await app.openTab('Settings');
  await page.getByLabel('Times shown in').selectOption('local');
  const local = new Date(utcStart + LOCAL_OFFSET_MS).toISOString().slice(11, 16);
  await expect(window).toHaveText(
    new RegExp(`^window \\d{4}-\\d\\d-\\d\\d ${local}:\\d\\d–\\d\\d:\\d\\d:\\d\\d UTC\\+05:30 · incident .* UTC\\+05:30$`),
  );
  await expect(app.status).toContainText(/incident \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\+05:30/);
  await app.openTab('Node');
  await expect(chart).toHaveAttribute('data-x-zone', 'UTC+05:30');
  await expect(legendTime).toContainText('Time (UTC+05:30)');

  // Kept between sessions.
  await page.reload();
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await expect(window).toContainText('UTC+05:30');
  await app.openTab('Settings');
  await expect(page.getByLabel('Times shown in')).toHaveValue('local');
});

test('keys walk the visited nodes and switch tabs; the split resizes by pointer and keyboard and is kept', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.runToEnd();
  const position = app.inspector.getByTestId('walk-position');

  // j / k: the next / previous node of the walk, in the Node tab; d back to the diagnosis; i the inspector.
  await page.locator('body').press('j');
  await expect(app.tab('Node')).toHaveAttribute('aria-selected', 'true');
  await expect(position).toHaveText(/^1 of \d+$/);
  const first = await app.inspector.getAttribute('data-node');
  await page.locator('body').press('j');
  await expect(position).toHaveText(/^2 of \d+$/);
  await expect(app.inspector).not.toHaveAttribute('data-node', first ?? '');
  await page.locator('body').press('k');
  await expect(app.inspector).toHaveAttribute('data-node', first ?? '');
  await page.locator('body').press('d');
  await expect(app.result).toBeVisible();
  await page.locator('body').press('i');
  await expect(app.inspector).toHaveAttribute('data-node', first ?? '');

  // The hypothesis panel needs no setting: the layer is on by default.
  await app.openTab('Hypotheses');
  await expect(page.getByRole('region', { name: 'Hypotheses' }).getByTestId('hypothesis-thresholds')).toBeVisible();

  // The split: ← widens the side panel by one step and does not step back the investigation.
  const split = page.getByRole('separator', { name: 'Side panel width' });
  const evaluations = await app.evaluations();
  const before = Number(await split.getAttribute('aria-valuenow'));
  await split.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(split).toHaveAttribute('aria-valuenow', String(before + 20));
  await expect(app.status).toContainText(evaluationsText(evaluations));
  const side = page.locator('.side');
  expect(Math.round((await side.boundingBox())?.width ?? 0)).toBe(before + 20);

  // Dragged 100 px to the right: 100 px narrower.
  const handle = await split.boundingBox();
  if (!handle) throw new Error('the split has no box');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 100, handle.y + 200, { steps: 5 });
  await page.mouse.up();
  await expect(split).toHaveAttribute('aria-valuenow', String(before - 80));
  await expect.poll(async () => Math.round((await side.boundingBox())?.width ?? 0)).toBe(before - 80);

  await page.reload();
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await expect(split).toHaveAttribute('aria-valuenow', String(before - 80));
});

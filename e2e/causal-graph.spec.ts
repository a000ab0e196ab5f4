import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { allowedTempDir } from './sample.js';
import { serverUrl, WorkbenchPage } from './workbench-page.js';

/** Where a causal edge's middle is on screen, read from the sigma instance (?bench exposes it). */
const EDGE_MIDDLE = `(() => {
  const sigma = window.__eogSigma;
  const graph = sigma.getGraph();
  const edge = graph.filterEdges((key, a) => a.relation === 'causes')[0];
  const [s, t] = graph.extremities(edge);
  const a = sigma.graphToViewport(graph.getNodeAttributes(s));
  const b = sigma.graphToViewport(graph.getNodeAttributes(t));
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, rationale: graph.getEdgeAttribute(edge, 'rationale') };
})()`;

test('the causal graph: metrics and rationales in the panel, the same canvas toggled to anomalies and alerts, rationale on hover, violations listed', async ({
  page,
}) => {
  const app = new WorkbenchPage(page);
  await page.goto(`${serverUrl().href}&bench`);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await app.reset();
  await app.runToEnd();

  await app.openTab('Causal graph');
  const panel = page.getByRole('region', { name: 'Causality' });
  const metrics = panel.getByTestId('causal-metrics');
  await expect(metrics).toHaveAttribute('data-kc', '1');
  await expect(metrics).toContainText('SC');
  await expect(metrics).toContainText('TC');
  await expect(panel.getByTestId('causal-violations')).toContainText('None');
  await expect(panel.locator('.causal-edges li').first()).toBeVisible();
  await expect(app.timeline).toContainText('Causal graph: anomaly oom_killed on Service/database');

  // The toggle puts the causal graph on the same canvas: anomalies, attached alerts, causal arrows.
  const toggle = app.graph.getByRole('button', { name: 'Causal graph' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(app.graph.getByTestId('graph-canvas')).toHaveAttribute('data-view', 'causal');
  const shown = await page.evaluate<{ kinds: string[]; labels: string[] }>(`(() => {
    const graph = window.__eogSigma.getGraph();
    return { kinds: graph.mapNodes((k, a) => a.kind), labels: graph.mapNodes((k, a) => a.label) };
  })()`);
  expect(shown.kinds).toContain('alert');
  expect(shown.kinds).toContain('root');
  expect(shown.labels).toContain('KubeContainerOOMKilled');
  expect(shown.labels).toContain('oom_killed · Service/database');

  // Hovering a causal edge shows its rationale.
  const middle = await page.evaluate<{ x: number; y: number; rationale: string }>(EDGE_MIDDLE);
  const box = await app.graph.getByTestId('graph-canvas').boundingBox();
  if (!box) throw new Error('the canvas has no box');
  await page.mouse.move(box.x + middle.x - 20, box.y + middle.y - 20);
  await page.mouse.move(box.x + middle.x, box.y + middle.y, { steps: 5 });
  await expect(page.getByTestId('causal-edge-tip')).toHaveText(middle.rationale);

  // Back to the operational graph.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const entities = await page.evaluate<number>(`window.__eogSigma.getGraph().filterNodes((k, a) => a.kind === 'Service').length`);
  expect(entities).toBeGreaterThan(0);
  await app.reset();
});

test('a knowledge file from the settings: with enforcement off, proposals it forbids are applied and listed as violations', async ({
  page,
}) => {
  // A standalone knowledge with types but no relation: every causal edge breaks it.
  const dir = allowedTempDir('eog-knowledge-');
  const file = path.join(dir, 'bare.yaml');
  writeFileSync(
    file,
    `format: 1\nname: bare\nversion: '0'\nmode: replace\ntypes:\n  - id: latency\n    indicators: [{ source: trace, pattern: latency }, { source: alert, pattern: latency }]\n  - id: traffic_surge\n    indicators: [{ source: trace, pattern: call_rate }]\n`,
  );
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Knowledge file (YAML, over the default)').fill(file);
  await page.getByLabel('Enforce the knowledge').uncheck();
  await app.runToEnd();
  await app.openTab('Causal graph');
  const panel = page.getByRole('region', { name: 'Causality' });
  await expect(panel).toContainText('knowledge bare 0 · not enforced');
  const violations = panel.locator('.causal-violations li[data-operation="add_causality"]');
  await expect(violations.first()).toContainText('applied anyway add causality');
  await expect(violations.first()).toHaveAttribute('data-enforced', 'false');
  await expect(panel.locator('.causal-edges .violation').first()).toContainText('violates: the knowledge has no chain');
  await expect(panel.getByTestId('causal-metrics')).toHaveAttribute('data-kc', '0');
  // Back to the defaults for the other specs.
  await app.reset();
  await app.openTab('Settings');
  await page.getByLabel('Enforce the knowledge').check();
  await page.getByLabel('Knowledge file (YAML, over the default)').fill('');
  rmSync(dir, { recursive: true, force: true });
});

import { expect, test } from '@playwright/test';
import { serverUrl, WorkbenchPage } from './workbench-page.js';

/** Discovered edges' colour (renderer/graph/reducers.ts DISCOVERED_EDGE). */
const DISCOVERED_RGB = [0xc2, 0x25, 0x5c];

test('discovered edges are drawn dashed, in their own colour, and the legend says so', async ({ page }) => {
  const app = new WorkbenchPage(page);
  // ?bench exposes the sigma instance, so the test can find the edge on the canvas.
  await page.goto(`${serverUrl().href}&bench`);
  await expect(app.graph).toHaveAttribute('data-layout', 'done');
  await app.reset();
  await app.runToEnd();
  await expect(app.timeline).toContainText('(discovered)');

  // Reads the edge layer alone (no nodes, no labels) along the middle of a discovered edge.
  const sample = await page.evaluate<{ length: number; colours: number[][] }>(`(() => {
    const sigma = window.__eogSigma;
    const graph = sigma.getGraph();
    const edge = graph.filterEdges((key, a) => a.isDiscovered)[0];
    const [s, t] = graph.extremities(edge);
    const a = sigma.graphToViewport(graph.getNodeAttributes(s));
    const b = sigma.graphToViewport(graph.getNodeAttributes(t));
    sigma.refresh();
    // Copied in the same task as the render: WebGL clears its buffer once the frame is shown.
    const layer = sigma.getCanvases().edges;
    const copy = document.createElement('canvas');
    copy.width = layer.width;
    copy.height = layer.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(layer, 0, 0);
    const ratio = layer.width / layer.getBoundingClientRect().width;
    const colours = [];
    for (let i = 0; i <= 200; i++) {
      const f = 0.2 + (0.6 * i) / 200;
      const x = Math.round((a.x + (b.x - a.x) * f) * ratio);
      const y = Math.round((a.y + (b.y - a.y) * f) * ratio);
      colours.push([...ctx.getImageData(x, y, 1, 1).data]);
    }
    return { length: Math.hypot(b.x - a.x, b.y - a.y), colours };
  })()`);
  expect(sample.length).toBeGreaterThan(60);
  const isEdgeColour = (c: number[]) => (c[3] ?? 0) > 128 && DISCOVERED_RGB.every((v, i) => Math.abs((c[i] ?? 0) - v) < 60);
  const on = sample.colours.map(isEdgeColour);
  const transitions = on.filter((v, i) => i > 0 && v !== on[i - 1]).length;
  // Its own colour along the line, broken into dashes: a solid line has no transitions at all.
  expect(on.filter(Boolean).length).toBeGreaterThan(on.length / 4);
  expect(transitions).toBeGreaterThanOrEqual(6);

  const swatch = app.page.getByRole('list', { name: 'Legend' }).locator('.edge-swatch');
  await expect(swatch).toHaveCSS('border-top-style', 'dashed');
  await app.reset();
});

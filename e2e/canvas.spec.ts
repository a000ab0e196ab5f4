import { expect, test } from '@playwright/test';
import { WorkbenchPage } from './workbench-page.js';

test('the fixed-seed layout of the sample draws the same canvas', async ({ page }) => {
  const app = new WorkbenchPage(page);
  await app.open();
  await app.reset();
  await expect(app.graph).toHaveAttribute('data-renderer', 'webgl');
  // Only the canvas, and only after the seeded layout is done: the rest of the page may change.
  await expect(page.getByTestId('graph-canvas')).toHaveScreenshot('sample-graph.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    // The legend and the zoom button float over the canvas; they are HTML, not the drawing.
    mask: [page.getByRole('list', { name: 'Legend' }), page.getByRole('button', { name: 'Zoom to fit' })],
  });
});

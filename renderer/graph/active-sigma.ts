import type Sigma from 'sigma';
import type { EdgeAttributes, NodeAttributes } from './model.js';

type WorkbenchSigma = Sigma<NodeAttributes, EdgeAttributes>;

/**
 * The sigma instance on screen, for actions outside the canvas component (zoom to fit, PNG
 * export). Null in list mode or before the layout is done.
 */
let active: WorkbenchSigma | null = null;

export function setActiveSigma(sigma: WorkbenchSigma | null): void {
  active = sigma;
}

export function zoomToFit(): void {
  void active?.getCamera().animatedReset({ duration: 300 });
}

export class GraphNotRenderedError extends Error {
  override name = 'GraphNotRenderedError';
  constructor() {
    super('The graph is not on screen (list view or layout still running): wait for the layout, or export without a picture.');
  }
}

/**
 * The canvas layers composited into one PNG on a white background. Rendering and copying in
 * the same task matters: WebGL buffers are cleared once the frame is presented.
 */
export function captureGraphPng(): string {
  if (!active) throw new GraphNotRenderedError();
  active.refresh();
  const { width, height } = active.getDimensions();
  const ratio = window.devicePixelRatio || 1;
  const out = document.createElement('canvas');
  out.width = Math.round(width * ratio);
  out.height = Math.round(height * ratio);
  const ctx = out.getContext('2d');
  if (!ctx) throw new GraphNotRenderedError();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  for (const layer of Object.values(active.getCanvases())) ctx.drawImage(layer, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

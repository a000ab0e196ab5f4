/** Performance marks the UI benchmark (scripts/bench/ui-render.ts) reads. */
export const FIRST_RENDER_MARK = 'eog:first-render';
export const RENDER_MEASURE = 'eog:render';
/** Set when ForceAtlas2's positions (or the final start positions) are applied. */
export const LAYOUT_DONE_MARK = 'eog:layout-done';

declare global {
  interface Window {
    /** The sigma instance on screen, in bench mode only: benchmarks and pixel tests read it. */
    __eogSigma?: unknown;
  }
}

/** The part of sigma's event emitter this needs. */
interface RenderEvents {
  on(event: 'beforeRender' | 'afterRender', listener: () => void): unknown;
}

/** Per-frame measures accumulate in the timing buffer, so only with `?bench` in the URL. */
export function isBenchMode(): boolean {
  return new URLSearchParams(window.location.search).has('bench');
}

/**
 * Call right after constructing sigma, which renders its first frame synchronously: marks it
 * (once per page), then times every later frame in bench mode only.
 */
export function instrumentRenders(sigma: RenderEvents): void {
  if (performance.getEntriesByName(FIRST_RENDER_MARK).length === 0) performance.mark(FIRST_RENDER_MARK);
  if (!isBenchMode()) return;
  window.__eogSigma = sigma;
  let started = 0;
  sigma.on('beforeRender', () => {
    started = performance.now();
  });
  sigma.on('afterRender', () => {
    performance.measure(RENDER_MEASURE, { start: started, end: performance.now() });
  });
}

/** Once per page, like the first render: the benchmark reads both from the same load. */
export function markLayoutDone(): void {
  if (performance.getEntriesByName(LAYOUT_DONE_MARK).length === 0) performance.mark(LAYOUT_DONE_MARK);
}

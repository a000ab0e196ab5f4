import { computeLayout, type LayoutRequest, type Positions } from './layout.js';

/**
 * Runs the layout in a Web Worker; where workers cannot start (e.g. a restrictive browser),
 * computes it on the main thread instead — same function, same result. An abort (another
 * snapshot opened meanwhile) stops the worker and resolves null.
 */
export function runLayout(request: LayoutRequest, signal?: AbortSignal): Promise<Positions | null> {
  if (signal?.aborted) return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(computeLayout(request));
  }
  return new Promise((resolve) => {
    const finish = (positions: Positions | null): void => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
      resolve(positions);
    };
    const onAbort = (): void => finish(null);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (message: MessageEvent<Positions>) => finish(message.data);
    worker.onerror = () => finish(signal?.aborted ? null : computeLayout(request));
    worker.postMessage(request);
  });
}

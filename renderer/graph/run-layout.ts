import { computeLayout, type LayoutRequest, type Positions } from './layout.js';

/**
 * Runs the layout in a Web Worker; where workers cannot start (e.g. a restrictive browser),
 * computes it on the main thread instead — same function, same result.
 */
export function runLayout(request: LayoutRequest): Promise<Positions> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(computeLayout(request));
  }
  return new Promise((resolve) => {
    worker.onmessage = (message: MessageEvent<Positions>) => {
      worker.terminate();
      resolve(message.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(computeLayout(request));
    };
    worker.postMessage(request);
  });
}

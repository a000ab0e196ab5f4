import type { TimeWindow } from '../../../core/model/index.js';
import type { EvidenceStore } from '../../store/index.js';

/**
 * The store as the bootstrap sees it with the analyst's window: `window()` and `windowInfo()`
 * answer the override (source `manifest`, as if the snapshot had named it), everything else is
 * the store itself. main/session's bootstrap reads the window only through these two calls, so
 * the seeds, the packets' evidence window and the ledger's bootstrap record all follow it.
 */
export function withWindow(store: EvidenceStore, window: TimeWindow): EvidenceStore {
  const override = { window: () => window, windowInfo: () => ({ ...store.windowInfo(), window, source: 'manifest' as const }) };
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'window' || key === 'windowInfo') return override[key];
      const value: unknown = Reflect.get(target, key, receiver);
      // Bound to the store: the proxy is only a view of it.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

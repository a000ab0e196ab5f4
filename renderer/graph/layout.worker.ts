import { computeLayout, type LayoutRequest } from './layout.js';

// Runs ForceAtlas2 off the main thread so large graphs do not freeze the UI.
self.onmessage = (message: MessageEvent<LayoutRequest>) => {
  self.postMessage(computeLayout(message.data));
};

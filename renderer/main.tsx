import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App.js';
import { connectClient } from './ipc/connect.js';
import { StoreContext } from './store/context.js';
import { browserStorage } from './store/preferences.js';
import { createWorkbenchStore } from './store/store.js';
import './styles.css';

// zod's JIT compiles parsers with new Function; the CSP forbids eval, so opt out up front.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

let onClose = (): void => {};
const client = connectClient(() => onClose());
const store = createWorkbenchStore(client, browserStorage());
onClose = () => store.getState().setDisconnected();

createRoot(root).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App client={client} />
    </StoreContext.Provider>
  </StrictMode>,
);

import { useEffect, useMemo } from 'react';
import type { Client } from '../core/ipc/index.js';
import { GraphPane } from './components/GraphPane.js';
import { Inspector } from './components/Inspector.js';
import { ResultPanel } from './components/ResultPanel.js';
import { StatusBar } from './components/StatusBar.js';
import { Toolbar } from './components/Toolbar.js';
import { LAYOUT_ITERATIONS } from './graph/layout.js';
import { applyInvestigation, applyPositions, createWorkbenchGraph, loadGraphView } from './graph/model.js';
import { runLayout } from './graph/run-layout.js';
import { hasWebGL } from './graph/webgl.js';
import { useWorkbench, useWorkbenchStore } from './store/context.js';

export function App({ client }: { client: Client }) {
  const store = useWorkbenchStore();
  // The graphology graph lives outside React state and is mutated in place.
  const graph = useMemo(createWorkbenchGraph, []);
  const snapshotName = useWorkbench((s) => s.info?.snapshot?.name ?? null);

  useEffect(() => {
    const { setRendererMode, setLayout, setInvestigation, loadSession, setGraphLoaded, setImportProgress } = store.getState();
    setRendererMode(hasWebGL() ? 'webgl' : 'list');
    let isCurrent = true;

    async function load(): Promise<void> {
      const view = await loadSession();
      if (!view || !isCurrent) return;
      loadGraphView(graph, view);
      setGraphLoaded(view);
      setLayout('running');
      const positions = await runLayout({
        nodes: view.nodes.map((n) => n.id),
        edges: view.edges.map((e) => [e.source, e.target]),
        iterations: LAYOUT_ITERATIONS,
      });
      if (!isCurrent) return;
      applyPositions(graph, positions);
      setLayout('done');
    }

    void load();
    const offChanged = client.on('investigation.changed', setInvestigation);
    const offProgress = client.on('import.progress', setImportProgress);
    // Whatever brought the new state (a reply or a push), the graph follows it in place.
    const offStore = store.subscribe((s, prev) => {
      if (s.investigation !== prev.investigation) applyInvestigation(graph, s.investigation);
    });
    const offSnapshot = client.on('snapshot.changed', () => void load());
    return () => {
      isCurrent = false;
      offChanged();
      offProgress();
      offStore();
      offSnapshot();
    };
  }, [client, graph, store]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>EoG Workbench</h1>
        {snapshotName && <span className="snapshot-name">{snapshotName}</span>}
      </header>
      <Toolbar />
      <main className="workspace">
        <GraphPane graph={graph} />
        <div className="side">
          <ResultPanel />
          <Inspector client={client} />
        </div>
      </main>
      <StatusBar />
    </div>
  );
}

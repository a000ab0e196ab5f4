import { useEffect, useMemo } from 'react';
import type { Client } from '../core/ipc/index.js';
import { GraphPane } from './components/GraphPane.js';
import { LessonPanel } from './components/lesson/LessonPanel.js';
import { OpenSnapshot } from './components/OpenSnapshot.js';
import { SidePanel } from './components/SidePanel.js';
import { SplitHandle } from './components/SplitHandle.js';
import { StatusBar } from './components/StatusBar.js';
import { Timeline } from './components/Timeline.js';
import { Toolbar } from './components/Toolbar.js';
import { useKeyboard } from './components/use-keyboard.js';
import { layoutRequest } from './graph/layout-request.js';
import { startPositions } from './graph/layout.js';
import { applyInvestigation, applyPositions, createWorkbenchGraph, loadGraphView } from './graph/model.js';
import { markLayoutDone } from './graph/render-marks.js';
import { runLayout } from './graph/run-layout.js';
import { hasWebGL } from './graph/webgl.js';
import { useWorkbench, useWorkbenchStore } from './store/context.js';
import { showControls } from '../core/text/index.js';

export function App({ client }: { client: Client }) {
  const store = useWorkbenchStore();
  // The graphology graph lives outside React state and is mutated in place.
  const graph = useMemo(() => createWorkbenchGraph(), []);
  const snapshotName = useWorkbench((s) => s.info?.snapshot?.name ?? null);
  const isReplay = useWorkbench((s) => !!s.info?.isReplay);
  const pastCase = useWorkbench((s) => s.info?.replayOfCase ?? null);
  const sideWidth = useWorkbench((s) => s.sideWidth);
  useKeyboard(store);
  // In the store: a past case's "Start a lesson" opens the trainer too.
  // The trainer hides the graph, which sigma cannot draw hidden: a trainer asked for while a
  // snapshot's graph loads (a past case's Start a lesson) shows once it is laid out.
  const isTrainerOpen = useWorkbench((s) => s.isTrainerOpen && (s.layout === 'done' || s.layout === 'idle'));
  const setTrainerOpen = useWorkbench((s) => s.setTrainerOpen);

  useEffect(() => {
    const { setRendererMode, setLayout, setInvestigation, loadSession, setGraphLoaded, setImportProgress } = store.getState();
    setRendererMode(hasWebGL() ? 'webgl' : 'list');
    let isCurrent = true;
    // A newer load (another snapshot opened) aborts the layout of the older one.
    let loading: AbortController | null = null;

    async function load(): Promise<void> {
      loading?.abort();
      const own = new AbortController();
      loading = own;
      // Marked before the fetch, so "done" always means the layout of the snapshot now open.
      setLayout('running');
      const view = await loadSession();
      if (!isCurrent || own.signal.aborted) return;
      if (!view) {
        setLayout('idle');
        return;
      }
      loadGraphView(graph, view);
      const request = layoutRequest(view);
      // Drawn at once from the cheap start positions; ForceAtlas2 refines them in the worker.
      applyPositions(graph, startPositions(request));
      setGraphLoaded(view);
      if (request.iterations === 0) {
        setLayout('done');
        markLayoutDone();
        return;
      }
      setLayout('refining');
      const positions = await runLayout(request, own.signal);
      if (!isCurrent || !positions) return;
      applyPositions(graph, positions);
      setLayout('done');
      markLayoutDone();
    }

    void load();
    const offChanged = client.on('investigation.changed', setInvestigation);
    const offProgress = client.on('import.progress', setImportProgress);
    // Whatever brought the new state (a reply or a push), the graph follows it in place.
    const offStore = store.subscribe((s, prev) => {
      if (s.investigation === prev.investigation) return;
      applyInvestigation(graph, s.investigation);
      void s.syncLedger(s.investigation);
    });
    const offSnapshot = client.on('snapshot.changed', () => {
      // The last import's warnings were about the snapshot that was open.
      setImportProgress(null);
      void load();
    });
    return () => {
      isCurrent = false;
      loading?.abort();
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
        {snapshotName && <span className="snapshot-name">{showControls(snapshotName)}</span>}
        {isReplay && (
          <span
            className="replay-badge"
            role="note"
            title="A saved ledger: Step, Step back and Run move through the recording; nothing can change it."
          >
            Replay (read-only)
          </span>
        )}
        {isReplay && pastCase?.hasSnapshot && (
          <button
            type="button"
            title="Open the snapshot this past case was investigated from, then the trainer: a trainee walks it one step at a time"
            onClick={() => void store.getState().openCaseLesson(pastCase.name)}
          >
            Start a lesson on this case
          </button>
        )}
        <span className="spacer" />
        <button
          type="button"
          aria-pressed={isTrainerOpen}
          onClick={() => setTrainerOpen(true)}
          title="Teach an incident: a trainee labels each step before the engine’s answer is shown"
        >
          Trainer
        </button>
        <OpenSnapshot />
      </header>
      {isTrainerOpen && (
        <LessonPanel
          client={client}
          onClose={(isLessonLeft) => {
            setTrainerOpen(false);
            // The lesson ran on the one service: the investigation it gave back replaces what the timeline holds.
            if (isLessonLeft) void store.getState().reloadInvestigation();
          }}
        />
      )}
      {!isTrainerOpen && <Toolbar />}
      <main className="workspace" hidden={isTrainerOpen} style={{ '--side-width': `${sideWidth}px` }}>
        <div className="center">
          <GraphPane graph={graph} />
          <Timeline />
        </div>
        <SplitHandle />
        <SidePanel client={client} />
      </main>
      <StatusBar />
    </div>
  );
}

import { useLayoutEffect, useRef, type ReactElement } from 'react';
import type { Client } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { sideTabs, type SideTab } from '../store/ui-slice.js';
import type { WorkbenchState } from '../store/types.js';
import { CausalGraphPanel } from './CausalGraphPanel.js';
import { EmptyTab } from './EmptyTab.js';
import { HypothesisPanel } from './HypothesisPanel.js';
import { Inspector } from './Inspector.js';
import { ResultPanel } from './ResultPanel.js';
import { ScopesPanel } from './ScopesPanel.js';
import { SettingsPanel } from './SettingsPanel.js';

const tabNames: Record<SideTab, { label: string; title: string }> = {
  diagnosis: { label: 'Diagnosis', title: 'The outcome, the frontier, the propagation chain and the alerts it explains (d)' },
  node: { label: 'Node', title: 'The chosen node: belief, evidence charts, history, code and packet (i; j / k walk the visited nodes)' },
  hypotheses: { label: 'Hypotheses', title: 'The hypothesis tree by level, its focus, and the refuted changes' },
  causal: { label: 'Causal graph', title: 'The causal graph’s metrics, edges and violations' },
  scopes: { label: 'Scopes', title: 'The alert scopes and the messages between them' },
  settings: { label: 'Settings', title: 'Display, keys, the case library, and the settings of the next investigation' },
};

/**
 * The side of the workbench, as inspector drawers are laid out: the graph stays in place and
 * the side shows one question at a time, in tabs (docs/ui.md). Choosing a node opens Node;
 * a new tab or node starts at the top, so its heading and first chart are in view.
 */
export function SidePanel({ client }: { client: Client }) {
  const tab = useWorkbench((s) => s.sideTab);
  const setTab = useWorkbench((s) => s.setSideTab);
  const selected = useWorkbench((s) => s.selectedNode);
  const panel = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (panel.current) panel.current.scrollTop = 0;
  }, [tab, selected]);

  return (
    <div className="side">
      <div className="side-tabs" role="tablist" aria-label="Side panel">
        {sideTabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`side-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="side-panel"
            title={tabNames[id].title}
            onClick={() => setTab(id)}
          >
            {tabNames[id].label}
          </button>
        ))}
      </div>
      <div ref={panel} className="side-panel" role="tabpanel" id="side-panel" aria-labelledby={`side-tab-${tab}`} data-tab={tab}>
        <TabContent tab={tab} client={client} />
      </div>
    </div>
  );
}

function TabContent({ tab, client }: { tab: SideTab; client: Client }) {
  switch (tab) {
    case 'diagnosis':
      return <DiagnosisTab client={client} />;
    case 'node':
      return <Inspector client={client} />;
    case 'hypotheses':
      return <HypothesesTab />;
    case 'causal':
      return <CausalTab />;
    case 'scopes':
      return <ScopesPanel />;
    case 'settings':
      return <SettingsPanel client={client} />;
  }
}

function DiagnosisTab({ client }: { client: Client }) {
  const hasResult = useWorkbench((s) => s.investigation?.status === 'finished' && !!s.investigation.outcome);
  if (hasResult) return <ResultPanel client={client} />;
  return (
    <EmptyTab title="Diagnosis">
      The diagnosis shows here when the investigation finishes: Run (Space) walks to the end, Step (→) one node at a time.
    </EmptyTab>
  );
}

/** A layer's tab: its panel once the investigation has the layer, else why it is empty. */
function LayerTab({
  title,
  has,
  panel,
  off,
  before,
}: {
  title: string;
  has: (s: WorkbenchState) => boolean;
  panel: ReactElement;
  off: string;
  before: string;
}) {
  const hasLayer = useWorkbench(has);
  const hasStarted = useWorkbench((s) => (s.investigation?.seq ?? -1) >= 0);
  if (hasLayer) return panel;
  return <EmptyTab title={title}>{hasStarted ? off : before}</EmptyTab>;
}

function HypothesesTab() {
  return (
    <LayerTab
      title="Hypotheses"
      has={(s) => !!s.investigation?.hypotheses}
      panel={<HypothesisPanel />}
      off="This investigation runs without the hypothesis layer: switch it on in Settings, then Reset."
      before="The hypothesis tree grows as the investigation runs: Run or Step to start."
    />
  );
}

function CausalTab() {
  return (
    <LayerTab
      title="Causal graph"
      has={(s) => !!s.investigation?.causalGraph}
      panel={<CausalGraphPanel />}
      off="This investigation runs without the causal-graph layer: switch it on in Settings, then Reset."
      before="The causal graph is built as the investigation runs: Run or Step to start."
    />
  );
}

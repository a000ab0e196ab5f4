import { useId } from 'react';
import { useWorkbench, useWorkbenchShallow } from '../store/context.js';
import { selectControls } from '../store/store.js';
import { ExportControl } from './ExportControl.js';

/** Investigation controls; enabled from app.info capabilities and the investigation state. */
export function Toolbar() {
  const controls = useWorkbenchShallow(selectControls);
  const budget = useWorkbench((s) => s.budget);
  const hasEngine = useWorkbench((s) => !!s.info?.capabilities.investigation);
  const setBudget = useWorkbench((s) => s.setBudget);
  const runCommand = useWorkbench((s) => s.runCommand);
  const search = useWorkbench((s) => s.search);
  const setSearch = useWorkbench((s) => s.setSearch);
  const budgetId = useId();
  const searchId = useId();
  const why = hasEngine ? undefined : 'The investigation engine is not available in this build';

  return (
    <div className="toolbar" role="toolbar" aria-label="Investigation controls">
      <div className="button-group">
        <button type="button" className="primary" disabled={!controls.canRun} title={why} onClick={() => void runCommand('run')}>
          Run
        </button>
        <button type="button" disabled={!controls.canPause} title={why} onClick={() => void runCommand('pause')}>
          Pause
        </button>
        <button type="button" disabled={!controls.canStep} title={why} onClick={() => void runCommand('step')}>
          Step
        </button>
        <button type="button" disabled={!controls.canStepBack} title={why} onClick={() => void runCommand('stepBack')}>
          Step back
        </button>
        <button type="button" disabled={!controls.canReset} title={why} onClick={() => void runCommand('reset')}>
          Reset
        </button>
      </div>
      <label className="field" htmlFor={budgetId}>
        Budget
      </label>
      <input
        id={budgetId}
        type="number"
        min={1}
        max={100000}
        step={1}
        value={budget ?? ''}
        placeholder="auto"
        title="Policy evaluations for the whole investigation; empty: three per service, from 50 to 150"
        disabled={!hasEngine}
        onChange={(e) => setBudget(e.currentTarget.valueAsNumber)}
        className="budget"
      />
      <ExportControl />
      <span className="spacer" />
      <label className="field" htmlFor={searchId}>
        Search
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="entity id or name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
    </div>
  );
}

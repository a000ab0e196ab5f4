import { useId } from 'react';
import { useWorkbench } from '../store/context.js';
import type { PolicyChoice } from '../store/settings-slice.js';
import { CausalSettings } from './CausalSettings.js';

/**
 * Settings applied at the next Start (Reset first to change a running investigation). The
 * LLM's API key is not asked for here: the backend reads it from its own environment.
 */
export function SettingsPanel() {
  const policy = useWorkbench((s) => s.policy);
  const llm = useWorkbench((s) => s.llm);
  const maxVisits = useWorkbench((s) => s.maxVisits);
  const kFlips = useWorkbench((s) => s.kFlips);
  const runs = useWorkbench((s) => s.runs);
  const setRuns = useWorkbench((s) => s.setRuns);
  const alertWindowSeconds = useWorkbench((s) => s.alertWindowSeconds);
  const setAlertWindowSeconds = useWorkbench((s) => s.setAlertWindowSeconds);
  const isLocked = useWorkbench((s) => (s.investigation?.seq ?? -1) >= 0);
  const setPolicy = useWorkbench((s) => s.setPolicy);
  const setLlm = useWorkbench((s) => s.setLlm);
  const setMaxVisits = useWorkbench((s) => s.setMaxVisits);
  const setKFlips = useWorkbench((s) => s.setKFlips);
  const hypotheses = useWorkbench((s) => s.hypotheses);
  const setHypotheses = useWorkbench((s) => s.setHypotheses);
  const windowText = useWorkbench((s) => s.windowText);
  const setWindowText = useWorkbench((s) => s.setWindowText);
  const storeText = useWorkbench((s) => s.storeText);
  const setStoreText = useWorkbench((s) => s.setStoreText);
  const ids = {
    policy: useId(),
    url: useId(),
    model: useId(),
    visits: useId(),
    flips: useId(),
    runs: useId(),
    alertWindow: useId(),
    start: useId(),
    end: useId(),
    hint: useId(),
    layer: useId(),
    delta: useId(),
    eta: useId(),
    store: useId(),
    storeHint: useId(),
  };
  return (
    <details className="settings">
      <summary>Settings</summary>
      <fieldset disabled={isLocked}>
        <legend className="muted">
          {isLocked ? 'Reset to change the settings of this investigation' : 'Used when the investigation starts'}
        </legend>
        <label htmlFor={ids.policy}>Policy</label>
        <select
          id={ids.policy}
          value={policy}
          onChange={(e) => setPolicy(e.currentTarget.value === 'llm' ? 'llm' : ('heuristic' satisfies PolicyChoice))}
        >
          <option value="heuristic">heuristic (built in)</option>
          <option value="llm">llm (OpenAI-compatible endpoint)</option>
        </select>
        {policy === 'llm' && (
          <>
            <label htmlFor={ids.url}>Endpoint</label>
            <input id={ids.url} type="url" value={llm.baseUrl} onChange={(e) => setLlm({ baseUrl: e.currentTarget.value })} />
            <label htmlFor={ids.model}>Model</label>
            <input id={ids.model} type="text" value={llm.model} onChange={(e) => setLlm({ model: e.currentTarget.value })} />
            <p className="muted">API key: set EOG_LLM_API_KEY where the workbench runs (or start it with --api-key-env VAR).</p>
          </>
        )}
        <label htmlFor={ids.visits}>Max visits per node</label>
        <input
          id={ids.visits}
          type="number"
          min={1}
          max={100}
          value={maxVisits}
          onChange={(e) => setMaxVisits(e.currentTarget.valueAsNumber)}
        />
        <label htmlFor={ids.flips}>Flips before damping</label>
        <input id={ids.flips} type="number" min={0} max={100} value={kFlips} onChange={(e) => setKFlips(e.currentTarget.valueAsNumber)} />
        <label htmlFor={ids.runs}>Runs that vote</label>
        <input id={ids.runs} type="number" min={1} max={16} value={runs} onChange={(e) => setRuns(e.currentTarget.valueAsNumber)} />
        <label htmlFor={ids.alertWindow}>Alert window (seconds)</label>
        <input
          id={ids.alertWindow}
          type="number"
          min={1}
          max={86400}
          value={alertWindowSeconds}
          onChange={(e) => setAlertWindowSeconds(e.currentTarget.valueAsNumber)}
        />
        <label htmlFor={ids.layer} className="checkbox">
          <input
            id={ids.layer}
            type="checkbox"
            checked={hypotheses.isOn}
            onChange={(e) => setHypotheses({ isOn: e.currentTarget.checked })}
          />{' '}
          Hypothesis layer (Graph of States)
        </label>
        {hypotheses.isOn && (
          <>
            <label htmlFor={ids.delta}>δ: confidence gap to drill down</label>
            <input
              id={ids.delta}
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={hypotheses.delta}
              onChange={(e) => setHypotheses({ delta: e.currentTarget.valueAsNumber })}
            />
            <label htmlFor={ids.eta}>η: supporting evidence to drill down</label>
            <input
              id={ids.eta}
              type="number"
              min={0}
              max={100}
              value={hypotheses.eta}
              onChange={(e) => setHypotheses({ eta: e.currentTarget.valueAsNumber })}
            />
          </>
        )}
        <label htmlFor={ids.store}>Evidence store</label>
        <input
          id={ids.store}
          type="text"
          placeholder="temporary SQLite file"
          aria-describedby={ids.storeHint}
          value={storeText}
          onChange={(e) => setStoreText(e.currentTarget.value)}
        />
        <p id={ids.storeHint} className="muted">
          A SQLite path, chdb:DIR or clickhouse://user@host:8123/db (password: the variable the workbench was started with,
          --store-password-env).
        </p>
        <CausalSettings />
        <fieldset className="window" aria-describedby={ids.hint}>
          <legend>Window (UTC)</legend>
          <label htmlFor={ids.start}>Window start</label>
          <input
            id={ids.start}
            type="text"
            placeholder="2026-03-01T10:00"
            value={windowText.start}
            onChange={(e) => setWindowText({ start: e.currentTarget.value })}
          />
          <label htmlFor={ids.end}>Window end</label>
          <input
            id={ids.end}
            type="text"
            placeholder="2026-03-01T10:30"
            value={windowText.end}
            onChange={(e) => setWindowText({ end: e.currentTarget.value })}
          />
          <p id={ids.hint} className="muted">
            Leave both empty to derive the window from the alerts.
          </p>
        </fieldset>
      </fieldset>
    </details>
  );
}

import { useId } from 'react';
import type { Client } from '../../core/ipc/index.js';
import { timeZoneChoices, zoneLabel, type TimeZoneChoice } from '../../core/time/index.js';
import { useWorkbench } from '../store/context.js';
import type { PolicyChoice } from '../store/settings-slice.js';
import { CasesSetting } from './CasesSetting.js';
import { CausalSettings } from './CausalSettings.js';
import { CheckboxField, NumberField, TextField } from './fields.js';

/**
 * The Settings tab: how the workbench shows things (any time, kept between sessions), the keys,
 * the case library (kept between sessions, used at the next Start), and the investigation's settings, applied at the next Start (Reset first to change a running
 * investigation). The LLM's API key is not asked for here: the backend reads it from its own environment.
 */
export function SettingsPanel({ client }: { client: Client }) {
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
  const ids = { policy: useId(), hint: useId(), storeHint: useId() };
  return (
    <section className="settings" aria-label="Settings">
      <DisplaySettings />
      <Keys />
      <CasesSetting client={client} />
      <h2>Investigation settings</h2>
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
            <TextField label="Endpoint" type="url" value={llm.baseUrl} onChange={(baseUrl) => setLlm({ baseUrl })} />
            <TextField label="Model" value={llm.model} onChange={(model) => setLlm({ model })} />
            <p className="muted">API key: set EOG_LLM_API_KEY where the workbench runs (or start it with --api-key-env VAR).</p>
          </>
        )}
        <NumberField label="Max visits per node" min={1} max={100} value={maxVisits} onChange={setMaxVisits} />
        <NumberField label="Flips before damping" min={0} max={100} value={kFlips} onChange={setKFlips} />
        <NumberField label="Runs that vote" min={1} max={16} value={runs} onChange={setRuns} />
        <NumberField label="Alert window (seconds)" min={1} max={86400} value={alertWindowSeconds} onChange={setAlertWindowSeconds} />
        <CheckboxField checked={hypotheses.isOn} onChange={(isOn) => setHypotheses({ isOn })}>
          Hypothesis layer (Graph of States)
        </CheckboxField>
        {hypotheses.isOn && (
          <>
            <NumberField
              label="δ: confidence gap to drill down"
              min={0}
              max={1}
              step={0.05}
              value={hypotheses.delta}
              onChange={(delta) => setHypotheses({ delta })}
            />
            <NumberField
              label="η: supporting evidence to drill down"
              min={0}
              max={100}
              value={hypotheses.eta}
              onChange={(eta) => setHypotheses({ eta })}
            />
          </>
        )}
        <TextField
          label="Evidence store"
          placeholder="temporary SQLite file"
          describedBy={ids.storeHint}
          value={storeText}
          onChange={setStoreText}
        />
        <p id={ids.storeHint} className="muted">
          A SQLite path, chdb:DIR or clickhouse://user@host:8123/db (password: the variable the workbench was started with,
          --store-password-env).
        </p>
        <CausalSettings />
        <fieldset className="window" aria-describedby={ids.hint}>
          <legend>Window (UTC)</legend>
          <TextField
            label="Window start"
            placeholder="2026-03-01T10:00"
            value={windowText.start}
            onChange={(start) => setWindowText({ start })}
          />
          <TextField label="Window end" placeholder="2026-03-01T10:30" value={windowText.end} onChange={(end) => setWindowText({ end })} />
          <p id={ids.hint} className="muted">
            Leave both empty to derive the window from the alerts.
          </p>
        </fieldset>
      </fieldset>
    </section>
  );
}

const zoneNames: Record<TimeZoneChoice, string> = { utc: 'UTC (24-hour)', local: 'Local time (24-hour)' };

function parseZone(value: string): TimeZoneChoice {
  return timeZoneChoices.find((z) => z === value) ?? 'utc';
}

/** Display choices: they change nothing in the investigation and may change at any time. */
function DisplaySettings() {
  const zone = useWorkbench((s) => s.timeZone);
  const setZone = useWorkbench((s) => s.setTimeZone);
  const id = useId();
  return (
    <>
      <h2>Display</h2>
      <fieldset className="display">
        <label htmlFor={id}>Times shown in</label>
        <select id={id} value={zone} onChange={(e) => setZone(parseZone(e.currentTarget.value))}>
          {timeZoneChoices.map((z) => (
            <option key={z} value={z}>
              {zoneNames[z]}
              {z === 'local' ? `, ${zoneLabel('local')}` : ''}
            </option>
          ))}
        </select>
        <p className="muted">Captures, incident notes and reports are in UTC; exported reports always are.</p>
      </fieldset>
    </>
  );
}

const keys: ReadonlyArray<[string, string]> = [
  ['Space', 'run / pause'],
  ['→ / ←', 'step / step back'],
  ['j / k', 'next / previous node of the walk'],
  ['i', 'the Node tab (inspector)'],
  ['d', 'back to the Diagnosis tab'],
];

function Keys() {
  return (
    <>
      <h3>Keys</h3>
      <dl className="facts keys" aria-label="Keys">
        {keys.map(([key, what]) => (
          <div key={key} className="fact">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

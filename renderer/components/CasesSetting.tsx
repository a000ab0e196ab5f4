import { useEffect, useId, useState } from 'react';
import type { CasesInfo, Client } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import type { CasesPreference } from '../store/preferences.js';
import { TextField } from './fields.js';

function parseUse(value: string): CasesPreference['use'] {
  return value === 'file' || value === 'none' ? value : 'host';
}

/**
 * Settings → Case library (docs/cases.md): the workbench's library (the path it was started
 * with, or the user's default), another file, or none. A preference, kept between sessions;
 * the next Start uses it. The library in use is the backend's answer, never a guess.
 */
export function CasesSetting({ client }: { client: Client }) {
  const cases = useWorkbench((s) => s.cases);
  const setCases = useWorkbench((s) => s.setCases);
  // A Start may have changed the library in use: ask again when the investigation starts or resets.
  const hasStarted = useWorkbench((s) => (s.investigation?.seq ?? -1) >= 0);
  const [info, setInfo] = useState<CasesInfo | null>(null);
  const ids = { use: useId(), hint: useId() };
  useEffect(() => {
    let isCurrent = true;
    client.invoke('cases.info', {}).then(
      (next) => isCurrent && setInfo(next),
      () => isCurrent && setInfo(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, hasStarted]);
  const hostFile = info ? (info.hostFile ?? 'none (started with --no-cases)') : '…';
  return (
    <>
      <h2>Case library</h2>
      <fieldset className="cases-setting" aria-describedby={ids.hint}>
        <legend className="muted">
          Where finished investigations are kept and similar past cases come from; used when the investigation starts
        </legend>
        <label htmlFor={ids.use}>Library</label>
        <select id={ids.use} value={cases.use} onChange={(e) => setCases({ use: parseUse(e.currentTarget.value) })}>
          <option value="host">The workbench’s: {hostFile}</option>
          <option value="file">Another file</option>
          <option value="none">None</option>
        </select>
        {cases.use === 'file' && (
          <TextField label="Library file" placeholder="/path/to/cases.sqlite" value={cases.file} onChange={(file) => setCases({ file })} />
        )}
        <p id={ids.hint} className="muted" data-testid="cases-in-use">
          In use: {info ? (info.file ?? 'none') : '…'}
        </p>
      </fieldset>
    </>
  );
}

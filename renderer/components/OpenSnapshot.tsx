import { useId, useState, type FormEvent } from 'react';
import type { DatasetCase } from '../../core/ipc/index.js';
import { PERIOD_EXAMPLE, TIME_EXAMPLE } from '../../core/snapshot/index.js';
import { useWorkbench } from '../store/context.js';
import { TextField } from './fields.js';

/**
 * The open dialog: a path field (the web host has no native file dialog; the backend resolves
 * the path). It takes a snapshot bundle, an ITBench-Lite scenario, a folder of OTLP JSON /
 * Prometheus API / kubectl exports (converted by the backend), a saved ledger (replayed
 * read-only), an evidence store (a file `eog import` wrote, `sqlite:PATH`, `chdb:DIR`,
 * `clickhouse://…`) or a Nezha dataset root, for which it then asks which incident to open. A
 * capture folder cannot say when the incident was, nor a database the OpenTelemetry Collector
 * wrote: "Capture times" takes the incident time and window, opened for a ClickHouse database.
 * The host opens only paths under what the user gave it (docs/ui.md): in the desktop app,
 * "Folder…" and "File…" pick one in the native dialog, which adds it.
 */
export function OpenSnapshot() {
  const [path, setPath] = useState('');
  const [cases, setCases] = useState<{ path: string; list: DatasetCase[] } | null>(null);
  const [chosen, setChosen] = useState('');
  const [times, setTimes] = useState({ incidentTime: '', window: '' });
  const [isTimesOpen, setTimesOpen] = useState(false);
  const pathId = useId();
  const caseId = useId();
  const hintId = useId();
  const isOpening = useWorkbench((s) => s.isOpening);
  const canOpen = useWorkbench((s) => !!s.info?.capabilities.openSnapshot);
  const canChoose = useWorkbench((s) => !!s.info?.capabilities.choosePath);
  const choosePath = useWorkbench((s) => s.choosePath);
  const probeSnapshot = useWorkbench((s) => s.probeSnapshot);
  const openSnapshot = useWorkbench((s) => s.openSnapshot);
  const target = path.trim();
  const isChoosing = cases !== null && cases.path === target;

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!target) return;
    if (isChoosing) {
      if (chosen) await openSnapshot(target, { ...times, case: chosen });
      return;
    }
    const probe = await probeSnapshot(target);
    if (!probe) return;
    if (probe.format === 'nezha') {
      setCases({ path: target, list: probe.cases });
      setChosen(probe.cases[0]?.id ?? '');
      return;
    }
    setCases(null);
    // A Collector database opens on its most recent telemetry: show the fields that place its window instead.
    if (probe.format === 'clickhouse' && !isTimesOpen && !times.incidentTime.trim() && !times.window.trim()) {
      setTimesOpen(true);
    }
    await openSnapshot(target, times);
  }

  async function onChoose(kind: 'folder' | 'file'): Promise<void> {
    const chosen = await choosePath(kind);
    if (chosen !== null) setPath(chosen);
  }

  return (
    <form className="open-snapshot" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={pathId} className="visually-hidden">
        Snapshot, dataset or ledger path
      </label>
      <input
        id={pathId}
        type="text"
        placeholder="snapshot folder, dataset root, folder of OTLP/Prometheus/kubectl exports, ledger or store file, chdb:DIR or clickhouse://user@host:port/db"
        value={path}
        onChange={(e) => setPath(e.currentTarget.value)}
      />
      {canChoose && (
        <>
          <button type="button" disabled={isOpening} onClick={() => void onChoose('folder')}>
            Folder…
          </button>
          <button type="button" disabled={isOpening} onClick={() => void onChoose('file')}>
            File…
          </button>
        </>
      )}
      {isChoosing && (
        <>
          <label htmlFor={caseId} className="visually-hidden">
            Nezha incident
          </label>
          <select id={caseId} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            {cases.list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </>
      )}
      <details className="capture-times" open={isTimesOpen} onToggle={(e) => setTimesOpen(e.currentTarget.open)}>
        <summary>Capture times</summary>
        <div className="capture-times-fields">
          <p id={hintId} className="muted">
            Only for a folder of OTLP / Prometheus / kubectl exports, which cannot say when the incident was (as{' '}
            <code>eog convert capture --incident-time … --window …</code>), or a ClickHouse database the OpenTelemetry Collector wrote (
            <code>chdb:DIR</code>, <code>clickhouse://…</code>; without them, its most recent telemetry). ISO-8601 with a zone; leave both
            empty for any other snapshot.
          </p>
          <TextField
            label="Incident time"
            placeholder={TIME_EXAMPLE}
            describedBy={hintId}
            value={times.incidentTime}
            onChange={(incidentTime) => setTimes({ ...times, incidentTime })}
          />
          <TextField
            label="Window"
            placeholder={PERIOD_EXAMPLE}
            describedBy={hintId}
            value={times.window}
            onChange={(window) => setTimes({ ...times, window })}
          />
        </div>
      </details>
      <button type="submit" disabled={!canOpen || isOpening || !target || (isChoosing && !chosen)}>
        {isOpening ? 'Opening…' : isChoosing ? 'Open incident' : 'Open'}
      </button>
    </form>
  );
}

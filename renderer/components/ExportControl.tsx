import { useId, useState } from 'react';
import { exportFormats } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { downloadText } from './download.js';

type Format = (typeof exportFormats)[number];

const formatNames: Record<Format, string> = {
  json: 'Diagnosis JSON',
  markdown: 'Markdown report',
  html: 'HTML report',
  gexf: 'GEXF (Gephi)',
  graphml: 'GraphML',
};

function parseFormat(value: string): Format {
  return exportFormats.find((f) => f === value) ?? 'html';
}

/** Exports the current diagnosis; enabled once an investigation has a state to report. */
export function ExportControl() {
  const [format, setFormat] = useState<Format>('html');
  const id = useId();
  const canExport = useWorkbench(
    (s) => !!s.info?.capabilities.export && !!s.investigation && s.investigation.seq >= 0 && s.investigation.status !== 'running',
  );
  const exportReport = useWorkbench((s) => s.exportReport);

  async function onExport(): Promise<void> {
    const file = await exportReport(format);
    if (file) downloadText(file.filename, file.mimeType, file.content);
  }

  return (
    <>
      <label className="field" htmlFor={id}>
        Export format
      </label>
      <select id={id} value={format} onChange={(e) => setFormat(parseFormat(e.currentTarget.value))}>
        {exportFormats.map((f) => (
          <option key={f} value={f}>
            {formatNames[f]}
          </option>
        ))}
      </select>
      <button type="button" disabled={!canExport} onClick={() => void onExport()}>
        Export
      </button>
    </>
  );
}

import { useId, useState } from 'react';
import { exportFormats } from '../../core/ipc/index.js';
import { captureGraphPng } from '../graph/active-sigma.js';
import { useWorkbench } from '../store/context.js';
import { errorMessage } from '../store/session-slice.js';
import { downloadText, downloadUrl } from './download.js';

/** Server-rendered formats plus the PNG, which only the page can draw. */
type Format = (typeof exportFormats)[number] | 'png';
const formats: readonly Format[] = [...exportFormats, 'png'];

const formatNames: Record<Format, string> = {
  json: 'Diagnosis JSON',
  markdown: 'Markdown report',
  html: 'HTML report',
  gexf: 'GEXF (Gephi)',
  graphml: 'GraphML',
  png: 'PNG of the graph',
};

function parseFormat(value: string): Format {
  return formats.find((f) => f === value) ?? 'html';
}

/** The graph picture for the HTML report, when the canvas is on screen; reports work without it. */
function graphPngIfShown(): string | undefined {
  try {
    return captureGraphPng();
  } catch {
    return undefined;
  }
}

/** Exports the current diagnosis; enabled once an investigation has a state to report. */
export function ExportControl() {
  const [format, setFormat] = useState<Format>('html');
  const id = useId();
  const canExport = useWorkbench(
    (s) => !!s.info?.capabilities.export && !!s.investigation && s.investigation.seq >= 0 && s.investigation.status !== 'running',
  );
  const exportReport = useWorkbench((s) => s.exportReport);
  const setError = useWorkbench((s) => s.setError);
  const hash = useWorkbench((s) => s.info?.snapshot?.hash.slice(0, 12) ?? 'graph');

  async function onExport(): Promise<void> {
    if (format === 'png') {
      try {
        downloadUrl(`graph-${hash}.png`, captureGraphPng());
      } catch (error) {
        setError(errorMessage(error));
      }
      return;
    }
    const graphPng = format === 'html' ? graphPngIfShown() : undefined;
    const file = await exportReport(format, graphPng);
    if (file) downloadText(file.filename, file.mimeType, file.content);
  }

  return (
    <>
      <label className="field" htmlFor={id}>
        Export format
      </label>
      <select id={id} value={format} onChange={(e) => setFormat(parseFormat(e.currentTarget.value))}>
        {formats.map((f) => (
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

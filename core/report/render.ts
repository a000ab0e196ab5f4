import type { Diagnosis } from '../diagnosis/index.js';
import { UnknownExportFormatError } from './errors.js';
import { renderGexf } from './gexf.js';
import { renderGraphml } from './graphml.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import type { ReportOptions } from './view.js';

export const exportFormats = ['json', 'md', 'html', 'gexf', 'graphml'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportMediaTypes: Readonly<Record<ExportFormat, string>> = {
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  gexf: 'application/gexf+xml',
  graphml: 'application/graphml+xml',
};

const extensions: Readonly<Record<ExportFormat, string>> = { json: 'json', md: 'md', html: 'html', gexf: 'gexf', graphml: 'graphml' };

/** Accepts the CLI names and `markdown` (the IPC contract's name for `md`). */
export function parseExportFormat(format: string): ExportFormat {
  const found = format === 'markdown' ? 'md' : exportFormats.find((f) => f === format);
  if (!found) throw new UnknownExportFormatError(format, exportFormats);
  return found;
}

/** One entry point for the CLI and the UI: the diagnosis in the chosen format, as text. */
export function renderExport(format: ExportFormat, diagnosis: Diagnosis, options: ReportOptions = {}): string {
  switch (format) {
    case 'json':
      return renderJson(diagnosis);
    case 'md':
      return renderMarkdown(diagnosis, options);
    case 'html':
      return renderHtml(diagnosis, options);
    case 'gexf':
      return renderGexf(diagnosis, options.state);
    case 'graphml':
      return renderGraphml(diagnosis, options.state);
  }
}

export interface ExportFile {
  filename: string;
  mimeType: string;
  content: string;
}

/**
 * The export as a file to save (the `export.render` IPC output): named after the snapshot so
 * exports of different incidents do not overwrite each other.
 */
export function renderExportFile(format: ExportFormat, diagnosis: Diagnosis, options: ReportOptions = {}): ExportFile {
  const hash = diagnosis.run.snapshotHash.replace(/[^0-9a-zA-Z]/g, '').slice(0, 12);
  return {
    filename: `diagnosis${hash ? `-${hash}` : ''}.${extensions[format]}`,
    mimeType: exportMediaTypes[format],
    content: renderExport(format, diagnosis, options),
  };
}

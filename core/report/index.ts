export { escapeHtml, escapeMarkdown, escapeXml, showControls, truncate } from './escape.js';
export { InvalidDiagnosisError, InvalidGraphImageError, UnknownExportFormatError } from './errors.js';
export { buildReportGraph, type ReportEdge, type ReportGraph, type ReportNode } from './graph.js';
export { layoutReportGraph, type GraphLayout, type NodePosition } from './layout.js';
export { renderGraphSvg } from './svg.js';
export { buildReportView, type ReportOptions, type ReportView } from './view.js';
export { renderMarkdown } from './markdown.js';
export { renderHtml } from './html.js';
export { renderGexf } from './gexf.js';
export { renderGraphml } from './graphml.js';
export { renderJson } from './json.js';
export {
  exportFormats,
  exportMediaTypes,
  parseExportFormat,
  renderExport,
  renderExportFile,
  type ExportFile,
  type ExportFormat,
} from './render.js';
export { renderChartsSection, renderChartSvg, renderWaterfallSvg } from './charts-svg.js';
export { reportCss } from './html-style.js';

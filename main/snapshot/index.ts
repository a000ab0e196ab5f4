export { openBundle, resolveInside, type Bundle, type JsonFile, type RecordFile } from './bundle.js';
export {
  BundleFormatError,
  BundleMissingFileError,
  BundlePathError,
  formatImportWarning,
  LineTooLongError,
  SnapshotNotFoundError,
  type ImportWarning,
} from './errors.js';
export { MAX_LINE_BYTES, streamLines, type LineFile, type StreamResult } from './lines.js';
export { parseRecordLine, type RecordRow } from './records.js';
export { parseTimestamp } from '../../core/snapshot/time.js';
export { readBundleOverview, type BundleOverview, type OverviewAlert } from './overview.js';
export { manifestTimes, type ManifestTimes } from './manifest.js';

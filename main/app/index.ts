export {
  createWorkbench,
  NoSnapshotOpenError,
  type Workbench,
  type WorkbenchOptions,
  type EventListener,
  type EngineProvider,
} from './workbench.js';
export * from './investigation/index.js';
export { loadSnapshotBundle, type LoadedSnapshot } from './bundle.js';
export { findPackageRoot, defaultSnapshotDir, readPackageVersion, PackageRootNotFoundError } from '../platform/index.js';
export { SnapshotFormatError, SnapshotNotFoundError, UnknownEntityError } from './errors.js';

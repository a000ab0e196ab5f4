export {
  createWorkbench,
  NoSnapshotOpenError,
  type Workbench,
  type WorkbenchOptions,
  type EventListener,
  type InvestigationHosting,
} from './workbench.js';
export { investigationHandlers, policySpecFor } from './investigation-handlers.js';
export { loadSnapshotBundle, type LoadedSnapshot } from './bundle.js';
export { findPackageRoot, defaultSnapshotDir, readPackageVersion, PackageRootNotFoundError } from '../platform/index.js';
export { UnknownEntityError } from './errors.js';

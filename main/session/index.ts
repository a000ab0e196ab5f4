export {
  createInvestigationService,
  type InvestigationService,
  type InvestigationTarget,
  type ServiceOptions,
  type StartRequest,
  type ExportInputFormat,
} from './service.js';
export {
  ImportCancelledError,
  InvestigationNotStartedError,
  InvestigationRunningError,
  NoSeedsError,
  PolicyNotConfiguredError,
  ReadOnlyInvestigationError,
  RunAlreadyAsideError,
} from './errors.js';
export { openSnapshotSource, type SnapshotSource, type SnapshotSourceOptions, type StoreImporter } from './snapshot-source.js';
export { openLedgerReplay, type LedgerReplay } from './replay.js';
export { Investigation, isPhasedPolicy, type InvestigationOptions, type PhasedPolicy } from './investigation.js';
export type { InvestigationRun } from './run.js';
export type { NodeDetails } from './inspect.js';
export { projectState } from './project.js';
export { StorePacketBuilder } from './packet-builder.js';
export { bootstrapFromStore } from './seeds.js';
export { investigateSnapshot, type InvestigateSnapshotOptions, type InvestigateSnapshotResult } from './investigate-snapshot.js';

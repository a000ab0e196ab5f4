export { Investigation, NoSeedsError, type InvestigationOptions } from './investigation.js';
export { openSnapshot, SnapshotNotFoundError, type OpenedSnapshot } from './open-snapshot.js';
export { StorePacketBuilder } from './packet-builder.js';
export { bootstrapFromStore } from './seeds.js';
export { investigateSnapshot, type InvestigateSnapshotOptions, type InvestigateSnapshotResult } from './investigate-snapshot.js';

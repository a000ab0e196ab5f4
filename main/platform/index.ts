export { defaultSnapshotDir, findPackageRoot, PackageRootNotFoundError, readPackageVersion } from './paths.js';

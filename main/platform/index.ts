export { defaultDataDir, defaultSnapshotDir, findPackageRoot, PackageRootNotFoundError, readPackageVersion } from './paths.js';
export { chromiumPath, chromiumProblem, requireChromium } from './chromium.js';
export { isProcessAlive, writeFileAtomic } from './atomic-write.js';

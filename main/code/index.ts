export { buildServicePdg, type BuildOptions } from './build.js';
export { defaultCacheDir, contentKey, extractorVersion } from './cache.js';
export { CodeSourceError, discoverSources, type SourceFile } from './discover.js';
export { extractBlocks, type FileBlocks } from './extract.js';
export { languages, languageFor, type LanguageRoles } from './languages/index.js';
export { CodeMapError, readBundleCode, type BundleCode } from './bundle-code.js';

export { CaseFileError, CaseLibrary, CaseRecording, caseMigrations, defaultCasesFile, type ImportResult } from './library.js';
export { fingerprintFromStore } from './fingerprint-store.js';

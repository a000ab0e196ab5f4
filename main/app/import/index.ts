export { importStoreCancellable, ImportCancelledError, type ImportJobOptions } from './import-job.js';

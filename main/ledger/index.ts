export * from './ledger-file.js';
export { ledgerMigrations } from './migrations.js';

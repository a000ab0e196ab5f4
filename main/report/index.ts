export { diagnosisFromLedger, type LedgerDiagnosis } from './diagnosis-from-ledger.js';
export { EmptyLedgerError, LedgerNotFoundError, NotALedgerError, VotedRunMissingError } from './errors.js';

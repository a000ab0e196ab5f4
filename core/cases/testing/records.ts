import type { CaseRecord } from '../record.js';

/** A case record for tests: an unknown cause, no diagnosis, an empty fingerprint, unless `fields` say otherwise. */
export function caseRecord(fields: Partial<CaseRecord> & Pick<CaseRecord, 'case'>): CaseRecord {
  return {
    recordedAt: '2026-01-01T00:00:00.000Z',
    incidentTime: null,
    snapshotHash: 'h',
    frontier: [],
    cause: 'unknown',
    outcome: 'no_confident_root_cause',
    confidence: 0,
    overrides: [],
    notes: [],
    lesson: null,
    snapshot: null,
    fingerprint: { signatures: [], roles: [], evidence: [], changes: [] },
    ...fields,
  };
}

import type { Diagnosis } from '../../core/diagnosis/index.js';

/**
 * What must be equal for two evidence stores to give "the same diagnosis" of one snapshot
 * (issue #35; docs/clickhouse.md): the frontier in its order, the outcome, the order of the
 * whole ranking, and the stated confidence.
 */
export interface DiagnosisKey {
  frontier: string[];
  outcome: string;
  ranking: string[];
  confidence: number;
}

export const diagnosisKey = (d: Diagnosis): DiagnosisKey => ({
  frontier: d.frontier,
  outcome: d.outcome,
  ranking: d.ranking.map((r) => r.entity),
  confidence: d.confidence.effective,
});

/** The first field in which two diagnoses differ (with both values), or null when they are the same. */
export function diagnosisDifference(a: DiagnosisKey, b: DiagnosisKey): string | null {
  for (const field of ['frontier', 'outcome', 'ranking', 'confidence'] as const) {
    const [x, y] = [JSON.stringify(a[field]), JSON.stringify(b[field])];
    if (x !== y) return `${field}: ${x} vs ${y}`;
  }
  return null;
}

/** Alert severities in three tiers, most urgent first: what a root cause accounts for is weighed by them. */
export const severityTiers = ['critical', 'warning', 'info'] as const;
export type SeverityTier = (typeof severityTiers)[number];

/** Prometheus' critical / warning / info, and the synonyms other alerting systems use. */
const tiers: Readonly<Record<string, SeverityTier>> = {
  critical: 'critical',
  error: 'critical',
  high: 'critical',
  page: 'critical',
  fatal: 'critical',
  emergency: 'critical',
  warning: 'warning',
  warn: 'warning',
  major: 'warning',
  minor: 'warning',
  medium: 'warning',
};

/** The tier of an alert's severity; an unknown or missing one counts as info. */
export function severityTier(severity: string | null | undefined): SeverityTier {
  return tiers[(severity ?? '').trim().toLowerCase()] ?? 'info';
}

import type { DiagnosisExplains } from './schema.js';

const alertCount = (n: number): string => `${n} alert${n === 1 ? '' : 's'}`;

/**
 * One line saying what a frontier entry explains, the same in the reports and the app (plain
 * text: names come from the snapshot, so each renderer escapes it).
 */
export function explainsText(explains: DiagnosisExplains): string {
  const { critical, warning, info } = explains.severity;
  const tiers = [
    [critical, 'critical'],
    [warning, 'warning'],
    [info, 'info'],
  ] as const;
  const bySeverity = tiers.filter(([n]) => n > 0).map(([n, tier]) => `${n} ${tier}`);
  const alerts = explains.alerts.length === 0 ? 'no alert' : `${alertCount(explains.alerts.length)} (${bySeverity.join(', ')})`;
  const entry =
    explains.entry.length === 0
      ? 'no entry point'
      : `the entry point${explains.entry.length === 1 ? '' : 's'} ${explains.entry.join(', ')}`;
  const share = `${explains.anomalous} of ${explains.anomalous_total} degraded ${explains.anomalous_total === 1 ? 'entity' : 'entities'}`;
  const line = `Explains ${alerts}, ${entry}, ${share}.`;
  return explains.concurrent
    ? `${line} A concurrent finding: its whole effect is a minor alert on itself, so it is listed after the root causes that explain more.`
    : line;
}

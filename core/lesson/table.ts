import type { ClassTable } from './schema.js';

const columns = [
  'attempt',
  'trainee',
  'started',
  'finished',
  'steps',
  'hints',
  'points',
  'agreement_engine',
  'agreement_truth',
  'frontier',
  'frontier_precision',
  'frontier_recall',
  'citation_precision',
  'first_divergence_step',
  'first_divergence_node',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or newline; a leading =+-@ is defused for spreadsheets. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The class table as CSV, one row per attempt. */
export function classTableCsv(table: ClassTable): string {
  const rows = table.rows.map((r) => {
    const s = r.score;
    return [
      r.attemptId,
      r.trainee,
      r.startedAt,
      r.finishedAt,
      s?.steps ?? null,
      s?.hints ?? null,
      s?.points ?? null,
      s?.agreementWithEngine ?? null,
      s?.agreementWithTruth ?? null,
      s ? s.frontier.join(' ') : null,
      s?.frontierPrecision ?? null,
      s?.frontierRecall ?? null,
      s?.citationPrecision ?? null,
      s?.firstDivergence?.index ?? null,
      s?.firstDivergence?.node ?? null,
    ]
      .map(field)
      .join(',');
  });
  return [columns.join(','), ...rows].join('\r\n') + '\r\n';
}

import { appendFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';

const SAMPLE = join(import.meta.dirname, '..', '..', 'resources', 'sample');

/** The sample's processor and database, and what the planted operation is expected to read as. */
export const STOPPED = {
  worker: 'shop/Pod/processor-6d8f9b5c4-qq7lp',
  operation: 'settle batch',
  kept: 'shop/Pod/database-0 read ledger',
  missing: 'shop/Pod/database-0 write ledger',
  baselineSpans: 30,
  windowSpans: 8,
  windowCalls: 1,
  /** Logged in each job after its write: it runs less, inside an operation that still runs. */
  written: 'ledger written for batch',
  /** An operation of the processor that runs only in the baseline, and the statement it logs. */
  refund: 'issue refund',
  refundSpans: 12,
  refunded: 'refund issued for order',
} as const;

/**
 * The sample bundle copied to `dir`, with an operation that stops part-way planted in its spans:
 * 30 baseline jobs of the processor read and then write the database; from the onset (10:04)
 * seven of eight jobs stop after the read; one more job straddles the window's end (10:10) and
 * must not be compared. Each job that writes logs a line in its span after the write; and a
 * second operation of the processor, which logs a line of its own, runs twelve times in the
 * baseline and never in the window.
 */
export function sampleWithStoppedOperation(dir: string): string {
  cpSync(SAMPLE, dir, { recursive: true });
  const db = 'shop/Pod/database-0';
  const at = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
  const spans: object[] = [];
  const logs: object[] = [];
  const log = (t: string, spanId: string, time: string, body: string): number =>
    logs.push({ time, entity: STOPPED.worker, severity: 'INFO', body, traceId: t, spanId });
  const job = (t: string, start: string, whole: boolean): void => {
    const span = (spanId: string, parentSpanId: string | undefined, entity: string, name: string, offset: number, durationMs: number) =>
      spans.push({
        traceId: t,
        spanId,
        ...(parentSpanId ? { parentSpanId } : {}),
        entity,
        name,
        start: at(start, offset),
        durationMs,
        status: 'unset',
      });
    span('job', undefined, STOPPED.worker, STOPPED.operation, 0, 40);
    span('read', 'job', db, 'read ledger', 1, 5);
    if (whole) {
      span('write', 'job', db, 'write ledger', 10, 5);
      log(t, 'job', at(start, 20), `${STOPPED.written} ${t}`);
    }
  };
  for (let k = 0; k < STOPPED.refundSpans; k++) {
    const t = `r${k}`;
    const start = at('2026-03-01T09:16:00Z', k * 60_000);
    spans.push({ traceId: t, spanId: 'refund', entity: STOPPED.worker, name: STOPPED.refund, start, durationMs: 15, status: 'unset' });
    log(t, 'refund', at(start, 5), `${STOPPED.refunded} ${1000 + k}`);
  }
  for (let k = 0; k < 30; k++) job(`b${k}`, at('2026-03-01T09:01:00Z', k * 30_000), true);
  for (let k = 0; k < 8; k++) job(`w${k}`, at('2026-03-01T10:05:00Z', k * 20_000), k >= 7);
  job('cut', '2026-03-01T10:09:59.990Z', false);
  appendFileSync(join(dir, 'spans.jsonl'), `${spans.map((r) => JSON.stringify(r)).join('\n')}\n`);
  appendFileSync(join(dir, 'logs.jsonl'), `${logs.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return dir;
}

/** The operations the planted statements' log-template rows carry, by statement (stored signal details, JSON). */
export function plantedStatementOperations(details: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const text of details) {
    const d = JSON.parse(text) as { type: string; template?: string; operations?: unknown };
    for (const statement of [STOPPED.written, STOPPED.refunded]) {
      if (d.type === 'log_template' && d.template?.startsWith(statement)) out[statement] = d.operations ?? null;
    }
  }
  return out;
}

/** What plantedStatementOperations reads from a store that linked statements to their operations. */
export const PLANTED_OPERATIONS = {
  [STOPPED.written]: [{ name: STOPPED.operation, window: STOPPED.windowSpans + 1, baseline: STOPPED.baselineSpans }],
  [STOPPED.refunded]: [{ name: STOPPED.refund, window: 0, baseline: STOPPED.refundSpans }],
};

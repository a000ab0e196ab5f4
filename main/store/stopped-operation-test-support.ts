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
  windowCalls: 2,
} as const;

/**
 * The sample bundle copied to `dir`, with an operation that stops part-way planted in its spans:
 * 30 baseline jobs of the processor read and then write the database; from the onset (10:04)
 * six of eight jobs stop after the read; one more job straddles the window's end (10:10) and
 * must not be compared.
 */
export function sampleWithStoppedOperation(dir: string): string {
  cpSync(SAMPLE, dir, { recursive: true });
  const db = 'shop/Pod/database-0';
  const at = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
  const spans: object[] = [];
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
    if (whole) span('write', 'job', db, 'write ledger', 10, 5);
  };
  for (let k = 0; k < 30; k++) job(`b${k}`, at('2026-03-01T09:01:00Z', k * 30_000), true);
  for (let k = 0; k < 8; k++) job(`w${k}`, at('2026-03-01T10:05:00Z', k * 20_000), k >= 6);
  job('cut', '2026-03-01T10:09:59.990Z', false);
  appendFileSync(join(dir, 'spans.jsonl'), `${spans.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return dir;
}

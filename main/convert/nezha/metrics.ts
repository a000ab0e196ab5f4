import { basename } from 'node:path';
import type { MetricRecord } from '../../../core/snapshot/schema.js';
import type { EntityId } from '../../../core/model/ids.js';
import { readCsv } from '../csv-stream.js';
import { ConvertInputError } from '../errors.js';
import { isoFromMillis } from '../time.js';

export interface MetricSample {
  name: string;
  unit: string | null;
  value: number;
}

export interface MetricRow {
  /** Epoch ms of the sample; it summarises the minute that ends here. */
  time: number;
  samples: MetricSample[];
}

const KEY_COLUMNS = new Set(['Time', 'TimeStamp', 'PodName', 'ServiceName']);

/** `CpuUsageRate(%)` → name `CpuUsageRate`, unit `%`. */
export function splitMetricColumn(column: string): { name: string; unit: string | null } {
  const m = /^(.*?)\(([^()]*)\)$/.exec(column);
  return m?.[1] && m[2] !== undefined ? { name: m[1], unit: m[2] } : { name: column, unit: null };
}

/** Reads a whole-day metric file; NaN and empty cells are dropped (no sample that minute). */
export async function readMetricFile(file: string): Promise<MetricRow[]> {
  const rows: MetricRow[] = [];
  let columns: { column: string; name: string; unit: string | null }[] | null = null;
  for await (const { values, line } of readCsv(file)) {
    columns ??= Object.keys(values)
      .filter((c) => !KEY_COLUMNS.has(c))
      .map((column) => ({ column, ...splitMetricColumn(column) }));
    const seconds = Number(values.TimeStamp);
    if (!values.TimeStamp || !Number.isFinite(seconds)) {
      throw new ConvertInputError(file, line, `TimeStamp "${values.TimeStamp ?? ''}" is not epoch seconds`);
    }
    const samples: MetricSample[] = [];
    for (const { column, name, unit } of columns) {
      const text = values[column];
      const value = text === undefined || text === '' ? Number.NaN : Number(text);
      if (Number.isFinite(value)) samples.push({ name, unit, value });
    }
    rows.push({ time: seconds * 1000, samples });
  }
  return rows;
}

/** Pod name of a `<pod>_metric.csv[.gz]` file, or null for other files (e.g. front_service). */
export function podOfMetricFile(file: string): string | null {
  const m = /^(.+)_metric\.csv(?:\.gz)?$/.exec(basename(file));
  return m?.[1] ?? null;
}

export function toMetricRecords(rows: readonly MetricRow[], entity: EntityId, keep: (time: number) => boolean): MetricRecord[] {
  const records: MetricRecord[] = [];
  for (const row of rows) {
    if (!keep(row.time)) continue;
    const time = isoFromMillis(row.time);
    for (const { name, unit, value } of row.samples) {
      records.push({ time, entity, name, value, ...(unit === null ? {} : { unit }) });
    }
  }
  return records;
}

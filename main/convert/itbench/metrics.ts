import { basename } from 'node:path';
import type { MetricRecord } from '../../../core/snapshot/schema.js';
import { makeEntityId } from '../../../core/model/ids.js';
import { ConvertInputError } from '../errors.js';
import { isoFromMillis } from '../time.js';
import { pyMapCell, readTsv, stringOf, timeCell } from './tsv.js';

interface Sample {
  time: number;
  value: number;
}

/** `pod_<name>_raw.tsv` → Pod, `service_<name>_raw.tsv` → Service. */
export function metricFileEntity(file: string, namespace: string | null): string | null {
  const m = /^(pod|service)_(.+)_raw\.tsv$/.exec(basename(file));
  if (!m?.[2]) return null;
  return makeEntityId(m[1] === 'pod' ? 'Pod' : 'Service', m[2], namespace);
}

/**
 * Reads one Prometheus-style metric dump (`timestamp, metric_name, labels, value`). Cumulative
 * counters (`_total`, `_count`, `_sum`) become per-second rates, histogram buckets (`_bucket`
 * with `le`) become p95 per interval, and anything else is kept as a gauge.
 */
export async function readMetricDump(file: string, entity: string): Promise<MetricRecord[]> {
  const series = new Map<string, { name: string; labels: Record<string, string>; samples: Sample[] }>();
  for await (const row of readTsv(file)) {
    const name = stringOf(row.values.metric_name);
    const value = Number(row.values.value);
    if (name === null) throw new ConvertInputError(file, row.line, 'empty metric_name');
    if (row.values.value === undefined || row.values.value.trim() === '' || Number.isNaN(value)) continue;
    const labels = Object.fromEntries(Object.entries(pyMapCell(file, row, 'labels')).map(([k, v]) => [k, String(v)]));
    const key = `${name}\u0000${JSON.stringify(Object.entries(labels).sort())}`;
    const entry = series.get(key) ?? { name, labels, samples: [] };
    entry.samples.push({ time: timeCell(file, row, 'timestamp'), value });
    series.set(key, entry);
  }
  const records: MetricRecord[] = [];
  const histograms = new Map<string, { name: string; labels: Record<string, string>; buckets: Map<number, Sample[]> }>();
  for (const { name, labels, samples } of series.values()) {
    samples.sort((a, b) => a.time - b.time);
    if (name.endsWith('_bucket') && labels.le !== undefined) {
      const { le, ...rest } = labels;
      const base = name.slice(0, -'_bucket'.length);
      const key = `${base}\u0000${JSON.stringify(Object.entries(rest).sort())}`;
      const h = histograms.get(key) ?? { name: base, labels: rest, buckets: new Map() };
      h.buckets.set(le === '+Inf' ? Infinity : Number(le), samples);
      histograms.set(key, h);
    } else if (/_(total|count|sum)$/.test(name)) {
      for (const { time, value } of counterRates(samples))
        records.push({ time: isoFromMillis(time), entity, name: `rate(${name})`, value, unit: '1/s', labels });
    } else {
      for (const { time, value } of samples) records.push({ time: isoFromMillis(time), entity, name, value, labels });
    }
  }
  for (const h of histograms.values()) {
    for (const { time, value } of histogramQuantiles(h.buckets, 0.95)) {
      records.push({
        time: isoFromMillis(time),
        entity,
        name: `p95(${h.name})`,
        value,
        ...(h.name.endsWith('_seconds') ? { unit: 's' } : {}),
        labels: h.labels,
      });
    }
  }
  return records.sort((a, b) => String(a.time).localeCompare(String(b.time)) || a.name.localeCompare(b.name));
}

/** Per-second increase between consecutive samples; a decrease is a counter reset (restart). */
export function counterRates(samples: readonly Sample[]): Sample[] {
  const out: Sample[] = [];
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1] as Sample;
    const cur = samples[i] as Sample;
    const seconds = (cur.time - prev.time) / 1000;
    if (seconds <= 0) continue;
    const increase = cur.value >= prev.value ? cur.value - prev.value : cur.value;
    out.push({ time: cur.time, value: increase / seconds });
  }
  return out;
}

/**
 * Quantile per interval from cumulative bucket counters, interpolating linearly inside the
 * bucket as Prometheus' histogram_quantile does; intervals without requests yield nothing.
 */
export function histogramQuantiles(buckets: ReadonlyMap<number, readonly Sample[]>, q: number): Sample[] {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const times = [...new Set(bounds.flatMap((b) => (buckets.get(b) ?? []).map((s) => s.time)))].sort((a, b) => a - b);
  const at = (bound: number, time: number): number | null => buckets.get(bound)?.find((s) => s.time === time)?.value ?? null;
  const out: Sample[] = [];
  for (let i = 1; i < times.length; i++) {
    const [t0, t1] = [times[i - 1] as number, times[i] as number];
    const counts = bounds.map((b) => {
      const [a, c] = [at(b, t0), at(b, t1)];
      return a === null || c === null ? null : c >= a ? c - a : c;
    });
    if (counts.some((c) => c === null)) continue;
    const total = counts[counts.length - 1] as number;
    if (total <= 0) continue;
    const rank = q * total;
    const index = counts.findIndex((c) => (c as number) >= rank);
    const upper = bounds[index] as number;
    if (!Number.isFinite(upper)) {
      out.push({ time: t1, value: bounds[bounds.length - 2] ?? 0 });
      continue;
    }
    const lower = index > 0 ? (bounds[index - 1] as number) : 0;
    const below = index > 0 ? (counts[index - 1] as number) : 0;
    const inBucket = (counts[index] as number) - below;
    out.push({ time: t1, value: inBucket > 0 ? lower + ((upper - lower) * (rank - below)) / inBucket : upper });
  }
  return out;
}
